import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkProgressView } from './bulk-progress';

/**
 * How far a bulk create is: the invitations stored, then the mails sent, as text and as one bar over
 * both (stored + mailed of twice the total), so the bar only ever grows.
 */
export function BulkProgress({ progress }: { progress: BulkProgressView }) {
  const { t, i18n } = useTranslation('invitations');
  const id = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const report = progress.report;
  const total = report && report.total > 0 ? report.total : progress.total;
  let label: string;
  if (report?.phase === 'writing') {
    label = t('form.progress.writing', { done: number.format(report.written), total: number.format(total) });
  } else if (report?.phase === 'mailing' || report?.phase === 'done') {
    label = t('form.progress.mailing', { done: number.format(report.mailed), total: number.format(total) });
  } else {
    label = t('form.progress.preparing', { total: number.format(total) });
  }
  const value = report ? report.written + report.mailed : 0;
  return (
    <div className="inv-bulk-progress">
      <label htmlFor={id}>{label}</label>
      {/* No value while the addresses are checked: an indeterminate bar rather than a false 0. */}
      {report && report.phase !== 'checking' ? (
        <progress id={id} max={total * 2} value={value} aria-valuetext={label} />
      ) : (
        <progress id={id} aria-valuetext={label} />
      )}
    </div>
  );
}
