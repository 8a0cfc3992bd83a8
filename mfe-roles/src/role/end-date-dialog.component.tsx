import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore, type UserRole } from 'shared-auth';
import { ConfirmationDialog, DatePicker, formatDateValue } from 'shared-ui';

interface EndDateDialogProps {
  userRole: UserRole;
  /** Guest lists never clear an end date (spec §4). */
  mayClear: boolean;
  /** The role's end date (epoch seconds): the latest date to pick. */
  roleEndDate?: number | null;
  onConfirm: (endDate: Date | null) => void;
  onCancel: () => void;
}

/**
 * Spec §4 user role end date: pick a new date (or, where allowed, none) and confirm; the question says
 * which of the two is about to happen.
 */
export function EndDateDialog({ userRole, mayClear, roleEndDate, onConfirm, onCancel }: EndDateDialogProps) {
  const { t } = useTranslation('roles');
  const pastDateAllowed = useSessionStore((state) => state.config.pastDateAllowed === true);
  const current = userRole.endDate ? new Date(userRole.endDate * 1000) : null;
  const [date, setDate] = useState<Date | null>(current);
  const name = userRole.name ?? userRole.email ?? '';
  // Clearing means removing a date that is there; without one, the dialog waits for a date to be chosen.
  const clearing = date === null && current !== null;
  const unchanged = (date?.getTime() ?? null) === (current?.getTime() ?? null);
  return (
    <ConfirmationDialog
      open
      title={clearing ? t('endDateClearTitle') : t('endDateTitle')}
      confirm={() => onConfirm(date)}
      cancel={onCancel}
      confirmLabel={clearing ? t('endDateClear') : t('endDateChange')}
      confirmDisabled={unchanged || (date === null && !mayClear)}
      isWarning={clearing}
    >
      <DatePicker
        name="endDate"
        label={t('endDateLabel')}
        value={date}
        onChange={setDate}
        pastDateAllowed={pastDateAllowed}
        maxDate={roleEndDate ? new Date(roleEndDate * 1000) : undefined}
        allowNull={mayClear}
      />
      {mayClear && !clearing && (
        <button type="button" className="roles-icon-button" onClick={() => setDate(null)}>
          {t('endDateRemove')}
        </button>
      )}
      <p>
        {clearing
          ? t('endDateClearQuestion', { name })
          : date
            ? t('endDateQuestion', { name, date: formatDateValue(date) })
            : null}
      </p>
    </ConfirmationDialog>
  );
}
