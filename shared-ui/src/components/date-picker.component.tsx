import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BAD_DATE_CORRECTION_DAYS } from 'shared-auth';
import { addDays, formatDateValue, isWithin, parseDate, startOfDay } from '../utils/date';

// Its own chunk (shared-ui is loaded whole on the shell's first page, which shows no date picker), fetched
// when a pointer or the focus reaches the calendar button. The calendar opens in a transition: React waits
// for the chunk with the calendar still closed, rather than committing the Suspense fallback first and
// then (React 19 throttles reveals) showing the calendar 300 ms after it.
const loadCalendar = () => import('./calendar.component');
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));

export interface DatePickerProps {
  name: string;
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  minDate?: Date | null;
  maxDate?: Date | null;
  /** Config `pastDateAllowed`: without it the earliest date is tomorrow. */
  pastDateAllowed?: boolean;
  /** An empty field means "no date" instead of an invalid one. */
  allowNull?: boolean;
  disabled?: boolean;
}

const DEFAULT_END_YEARS = 16;

/** The bounds of spec §5 Date picker: at least tomorrow unless past dates are allowed; at most 16 years ahead. */
export function datePickerBounds(
  minDate: Date | null | undefined,
  maxDate: Date | null | undefined,
  pastDateAllowed: boolean | undefined,
  today: Date = new Date(),
): { min: Date | null; max: Date } {
  const tomorrow = addDays(startOfDay(today), 1);
  let min = minDate ? startOfDay(minDate) : null;
  if (!pastDateAllowed && (!min || min < tomorrow)) min = tomorrow;
  // Spec §5: without a given end date the picker ends 16 units ahead, read as years.
  const defaultMax = new Date(today.getFullYear() + DEFAULT_END_YEARS, today.getMonth(), today.getDate());
  return { min, max: startOfDay(maxDate ?? defaultMax) };
}

/** Where a rejected typed date goes: 16 days ahead (spec §4), kept inside the bounds. */
export function correctedDate(min: Date | null, max: Date | null, today: Date = new Date()): Date {
  const corrected = addDays(startOfDay(today), BAD_DATE_CORRECTION_DAYS);
  if (max && corrected > max) return max;
  if (min && corrected < min) return min;
  return corrected;
}

/**
 * A dd/MM/yyyy text field with a calendar (ISO week numbers). Plain Date code: no date library. A typed
 * date that does not parse or lies outside the bounds is rejected with 'Date input not valid.' and
 * replaced by the corrected date; a field that had no date and is left empty stays empty.
 */
export function DatePicker({
  name,
  label,
  value,
  onChange,
  minDate,
  maxDate,
  pastDateAllowed,
  allowNull,
  disabled,
}: DatePickerProps) {
  const { t } = useTranslation('ui');
  const id = `${useId()}-${name}`;
  const [text, setText] = useState(value ? formatDateValue(value) : '');
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { min, max } = datePickerBounds(minDate, maxDate, pastDateAllowed);
  const valueTime = value?.getTime();

  useEffect(() => {
    setText(valueTime === undefined ? '' : formatDateValue(new Date(valueTime)));
  }, [valueTime]);

  const commit = () => {
    if (text.trim() === '' && (allowNull || value === null)) {
      // An empty field left alone (or emptied where no date is allowed) is no date, not a wrong one.
      setInvalid(false);
      if (value !== null) onChange(null);
      return;
    }
    const parsed = parseDate(text);
    if (parsed && isWithin(parsed, min, max)) {
      setInvalid(false);
      if (!value || parsed.getTime() !== startOfDay(value).getTime()) onChange(parsed);
      setText(formatDateValue(parsed));
      return;
    }
    const corrected = correctedDate(min, max);
    setInvalid(true);
    setText(formatDateValue(corrected));
    onChange(corrected);
  };

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className={`sds--text-field ui-date-picker${invalid ? ' sds--text-field--status-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="sds--text-field--shape ui-date-picker-input">
        <input
          id={id}
          name={name}
          className="sds--text-field--input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('datePicker.placeholder')}
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="ui-date-picker-toggle"
          aria-label={open ? t('datePicker.closeCalendar') : t('datePicker.openCalendar')}
          aria-expanded={open}
          disabled={disabled}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          onClick={() => startTransition(() => setOpen(!open))}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <rect
              x="2"
              y="4"
              width="16"
              height="14"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
            <path d="M2 8h16M6 2v4M14 2v4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <Calendar
            selected={value}
            min={min}
            max={max}
            onClose={close}
            onSelect={(date) => {
              setInvalid(false);
              onChange(date);
              close();
            }}
          />
        </Suspense>
      )}
      {invalid && (
        <p id={`${id}-error`} role="alert" className="sds--text-field--message">
          {t('datePicker.invalid')}
        </p>
      )}
    </div>
  );
}
