import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime } from 'shared-ui';
import type { AuditRecord } from './audit-logs.resource';
import { changed, eventOf, snapshotValue, subjectLinks } from './audit-subjects';

const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const asDate = (value: unknown): string => (typeof value === 'number' ? formatDate(value) : '');

/** A short line on what changed: authority, end date, e-mail of an invitation; for a refusal, what and why. */
function Details({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('system');
  const parts: string[] = [];
  if (record.entityType === 'user' && record.action === 'denied') {
    const value = (key: string) => asText(snapshotValue(record, key));
    parts.push(
      t('audit.details.denied', {
        method: value('method'),
        route: value('route'),
        status: value('status'),
        reason: value('reason'),
      }),
    );
  }
  const authority = snapshotValue(record, 'authority') ?? snapshotValue(record, 'intendedAuthority');
  if (authority)
    parts.push(
      t('audit.details.authority', {
        authority: t(`audit.authorities.${asText(authority)}`, { defaultValue: asText(authority) }),
      }),
    );
  const endDate = changed(record, 'endDate');
  if (endDate) {
    parts.push(
      t('audit.details.endDateChanged', {
        before: asDate(endDate[0]) || t('audit.details.none'),
        after: asDate(endDate[1]) || t('audit.details.none'),
      }),
    );
  } else if (record.entityType === 'user_role' && typeof snapshotValue(record, 'endDate') === 'number') {
    parts.push(t('audit.details.endDate', { date: asDate(snapshotValue(record, 'endDate')) }));
  }
  if (record.entityType === 'role' && record.action === 'update') {
    const fields = ['name', 'description', 'defaultExpiryDays', 'applications'].filter((key) =>
      changed(record, key),
    );
    if (fields.length)
      parts.push(
        t('audit.details.changed', { fields: fields.map((key) => t(`audit.fields.${key}`)).join(', ') }),
      );
  }
  return <>{parts.join(' · ')}</>;
}

/** Jobs write as `system`, the performance seed as `performance seed`: names the reader can read. */
const MACHINE_ACTORS: Record<string, string> = {
  system: 'audit.systemActor',
  'performance seed': 'audit.seedActor',
};

/** The page of the trail: when, who, what, about whom; every subject links to its page or history. */
export function AuditTable({ records }: { records: AuditRecord[] }) {
  const { t } = useTranslation('system');
  return (
    <div className="sds--table ui-data-table system-audit-table">
      <table>
        <caption className="sds--visually-hidden">{t('audit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.actor')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.subject')}</th>
            <th scope="col">{t('audit.detailsHeader')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td className="system-audit-when">{formatDateTime(record.createdAt)}</td>
              <td>
                {record.actorId === null && record.actorName && MACHINE_ACTORS[record.actorName]
                  ? t(MACHINE_ACTORS[record.actorName])
                  : (record.actorName ?? t('audit.unknownActor'))}
                {record.impersonatorId !== null && record.impersonatorId !== record.actorId && (
                  <span className="system-audit-impersonated">{t('audit.impersonated')}</span>
                )}
              </td>
              <td>{t(`audit.events.${eventOf(record)}`, { defaultValue: eventOf(record) })}</td>
              <td>
                <ul className="system-audit-subjects">
                  {subjectLinks(record).map((link) => (
                    <li key={`${link.text}-${link.to}`}>
                      {link.to ? <Link to={link.to}>{link.text}</Link> : link.text}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <Details record={record} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
