import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { setFlash, type CleanupResult, type SentMail, type TidyJob, type TidyResult } from 'shared-auth';
import { EntityTable, formatDate, Loader, type SlotProps } from 'shared-ui';
import { runCleanup, runExpiryNotifications, runTidyJob } from './system.resource';
import { RegistryStatus } from './registry-status.component';
import { TidyOutcome } from './tidy-outcome.component';

type Job = 'cleanup' | 'notifications' | TidyJob;

/** The mails one expiry-notification run sent: recipient and subject, the text and HTML on request. */
function SentMails({ mails }: { mails: SentMail[] }) {
  const { t } = useTranslation('system');
  if (mails.length === 0) return <p className="system-result-empty">{t('cron.noMails')}</p>;
  return (
    <section aria-labelledby="system-sent-mails">
      <h3 id="system-sent-mails" className="sds--text--h4">
        {t('cron.mailsSent', { count: mails.length })}
      </h3>
      <ul className="system-mails">
        {mails.map((mail, index) => (
          <li key={`${mail.to}-${index}`}>
            <details>
              <summary>
                <strong>{mail.to}</strong> — {mail.subject}
              </summary>
              <pre className="system-mail-text">{mail.text}</pre>
              {/* Sandboxed: the HTML is shown as the recipient sees it, never run. */}
              <iframe
                className="system-mail-html"
                sandbox=""
                srcDoc={mail.html}
                title={t('cron.mailHtml', { to: mail.to })}
              />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What one cleanup run removed: expired invitations and user roles past their end date. */
function CleanupOutcome({ result }: { result: CleanupResult }) {
  const { t } = useTranslation('system');
  return (
    <div className="system-cleanup-result">
      <EntityTable
        title={t('cron.removedInvitations')}
        entities={result.invitations}
        emptyText={t('cron.noRemovedInvitations')}
        defaultSort="email"
        columns={[
          { key: 'email', header: t('columns.email'), sortable: true },
          {
            key: 'expiryDate',
            header: t('columns.expiryDate'),
            sortable: true,
            render: (invitation) => formatDate(invitation.expiryDate),
          },
        ]}
      />
      <EntityTable
        title={t('cron.removedUserRoles')}
        entities={result.userRoles}
        emptyText={t('cron.noRemovedUserRoles')}
        defaultSort="email"
        columns={[
          { key: 'email', header: t('columns.email'), sortable: true },
          {
            key: 'roleName',
            header: t('columns.role'),
            sortable: true,
            render: (userRole) => <Link to={`/roles/${userRole.roleId}`}>{userRole.roleName}</Link>,
          },
          {
            key: 'endDate',
            header: t('columns.endDate'),
            sortable: true,
            render: (userRole) => formatDate(userRole.endDate),
          },
        ]}
      />
    </div>
  );
}

/** The cron tab: run the cleanup and the expiry notifications now, see their outcome, clear it. */
export default function CronTab(_props: SlotProps) {
  const { t } = useTranslation('system');
  const [running, setRunning] = useState<Job | null>(null);
  const [cleanup, setCleanup] = useState<CleanupResult | null>(null);
  const [mails, setMails] = useState<SentMail[] | null>(null);
  const [tidied, setTidied] = useState<TidyResult | null>(null);

  const run = async (job: Job) => {
    setRunning(job);
    const [done, failed] =
      job === 'cleanup'
        ? ['cron.cleanupDone', 'cron.cleanupFailed']
        : job === 'notifications'
          ? ['cron.notificationsDone', 'cron.notificationsFailed']
          : ['cron.tidyDone', 'cron.tidyFailed'];
    try {
      if (job === 'cleanup') setCleanup(await runCleanup());
      else if (job === 'notifications') setMails(await runExpiryNotifications());
      else setTidied(await runTidyJob(job));
      setFlash(t(done));
    } catch {
      setFlash(t(failed), 'error');
    } finally {
      setRunning(null);
    }
  };

  const jobs: { job: Job; info: string; label: string }[] = [
    { job: 'cleanup', info: t('cron.cleanupInfo'), label: t('cron.runCleanup') },
    { job: 'notifications', info: t('cron.notificationsInfo'), label: t('cron.runNotifications') },
    { job: 'inactive-users', info: t('cron.inactiveUsersInfo'), label: t('cron.runInactiveUsers') },
    {
      job: 'users-without-roles',
      info: t('cron.usersWithoutRolesInfo'),
      label: t('cron.runUsersWithoutRoles'),
    },
    { job: 'audit-retention', info: t('cron.auditRetentionInfo'), label: t('cron.runAuditRetention') },
  ];

  return (
    <div className="system-cron">
      <RegistryStatus />
      {jobs.map(({ job, info, label }) => (
        <div className="system-job" key={job}>
          <p>{info}</p>
          <button
            type="button"
            className="sds--btn sds--btn--primary"
            disabled={running !== null}
            onClick={() => void run(job)}
          >
            {label}
          </button>
        </div>
      ))}
      {running && <Loader label={t('cron.running')} />}
      {(cleanup || mails || tidied) && (
        <div className="system-results">
          <div className="system-results-header">
            <h2 className="sds--text--h3">{t('cron.results')}</h2>
            <button
              type="button"
              className="sds--btn sds--btn--secondary"
              onClick={() => {
                setCleanup(null);
                setMails(null);
                setTidied(null);
              }}
            >
              {t('cron.clear')}
            </button>
          </div>
          {cleanup && <CleanupOutcome result={cleanup} />}
          {mails && <SentMails mails={mails} />}
          {tidied && <TidyOutcome result={tidied} />}
        </div>
      )}
    </div>
  );
}
