/**
 * Expiry notifications: every user role ending within EXPIRY_NOTIFICATION_DAYS gets one mail; the mark
 * (expiry_notified_at) is set in the locked transaction, the mails go out after it commits.
 */
import type { Db } from '../db/types.js';
import { roleExpiryMail, type MailLanguage } from '../mail/templates.js';
import type { MailerPort, OutgoingMail } from '../domain/outgoing-mail.js';
import type { Registry } from '../registry/registry.js';
import { markExpiryNotifications } from '../stores/user-roles.store.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';

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
  const outcome = await withJobLock(deps.db, LOCK_KEYS.expiryNotifications, (q) =>
    markExpiryNotifications(q, deps.days),
  );
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
