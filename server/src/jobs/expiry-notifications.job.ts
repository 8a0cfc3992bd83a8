/**
 * Expiry notifications: every user role ending within EXPIRY_NOTIFICATION_DAYS gets one mail; the mark
 * (expiry_notified_at) is set in the locked transaction, the mails go out after it commits.
 */
import type { Db } from '../db/types.js';
import { roleExpiryMail, type MailLanguage } from '../mail/templates.js';
import type { MailerPort, OutgoingMail } from '../plugins/ports.js';
import type { Registry } from '../registry/registry.js';
import { JOB_LOCK_KEYS, withJobLock } from './lock.js';

interface DueRow {
  id: string;
  end_date: Date;
  email: string;
  name: string | null;
  role_name: string;
  manage_ids: string[];
  /** The language of the invitation that gave the role, if it came from one. */
  language: string | null;
}

export interface ExpiryNotificationsDeps {
  db: Db;
  mailer: MailerPort;
  registry: Registry;
  days: number;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

/** Returns the mails sent, or null when another instance is running this job right now. */
export async function runExpiryNotifications(deps: ExpiryNotificationsDeps): Promise<OutgoingMail[] | null> {
  const outcome = await withJobLock(deps.db, JOB_LOCK_KEYS.expiryNotifications, async (q) => {
    const { rows } = await q.query<DueRow>(
      `UPDATE user_roles ur SET expiry_notified_at = now()
       FROM users u, roles r
       WHERE u.id = ur.user_id AND r.id = ur.role_id AND ur.expiry_notified_at IS NULL AND u.email IS NOT NULL
         AND ur.end_date >= now() AND ur.end_date < now() + make_interval(days => $1)
       RETURNING ur.id, ur.end_date, u.email, u.name, r.name AS role_name,
         ARRAY(SELECT au.manage_id FROM application_usages au WHERE au.role_id = r.id ORDER BY au.id) AS manage_ids,
         (SELECT i.language FROM invitations i JOIN invitation_roles ir ON ir.invitation_id = i.id
          WHERE i.accepted_by = u.id AND ir.role_id = r.id
          ORDER BY i.accepted_at DESC NULLS LAST, i.id DESC LIMIT 1) AS language`,
      [deps.days],
    );
    return rows;
  });
  if (!outcome.ran) return null;
  const known = new Map((await deps.registry.providers()).map((p) => [p.manageId, p]));
  const mails: OutgoingMail[] = outcome.result.map((row) => {
    const language: MailLanguage = row.language === 'nl' ? 'nl' : 'en';
    return {
      kind: 'role-expiry',
      to: row.email,
      ...roleExpiryMail({
        language,
        userName: row.name ?? row.email,
        roleName: row.role_name,
        applications: row.manage_ids
          .map((id) => known.get(id))
          .map((app) => app?.[`name:${language}`] ?? app?.['name:en'])
          .filter((n): n is string => !!n),
        endDate: new Date(row.end_date),
        portalUrl: deps.publicUrl,
      }),
    };
  });
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, to: mail.to }, 'role expiry mail failed');
    }
  }
  return mails;
}
