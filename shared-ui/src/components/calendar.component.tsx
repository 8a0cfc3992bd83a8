import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, isSameDay, isWithin, isoWeek, startOfDay } from '../utils/date';

export interface CalendarProps {
  selected: Date | null;
  min: Date | null;
  max: Date | null;
  onSelect: (date: Date) => void;
  onClose: () => void;
}

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The Monday on or before `date`. */
function mondayOf(date: Date): Date {
  return addDays(startOfDay(date), -((date.getDay() + 6) % 7));
}

/** Six weeks (Monday first) covering the month of `month`. */
function weeksOf(month: Date): Date[][] {
  const first = mondayOf(new Date(month.getFullYear(), month.getMonth(), 1));
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (__, day) => addDays(first, week * 7 + day)),
  );
}

/** A month grid with ISO week numbers; arrow keys move, Enter or Space picks, Esc closes. */
export function Calendar({ selected, min, max, onSelect, onClose }: CalendarProps) {
  const { t, i18n } = useTranslation('ui');
  const locale = i18n.language === 'nl' ? 'nl-NL' : 'en-GB';
  const [focused, setFocused] = useState<Date>(() =>
    startOfDay(selected ?? (min && new Date() < min ? min : new Date())),
  );
  const gridRef = useRef<HTMLTableElement>(null);
  // Month buttons change the month without taking focus away from themselves.
  const followFocus = useRef(true);

  useLayoutEffect(() => {
    if (!followFocus.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]:not(:disabled)')?.focus();
  }, [focused]);

  const moveTo = (date: Date) => {
    followFocus.current = true;
    setFocused(startOfDay(date));
  };
  const shiftMonth = (months: number) => {
    followFocus.current = false;
    setFocused(new Date(focused.getFullYear(), focused.getMonth() + months, 1));
  };
  const onEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key in MOVES) {
      event.preventDefault();
      moveTo(addDays(focused, MOVES[event.key]));
    }
  };

  const monday = mondayOf(new Date(2024, 0, 1));
  const weekdays = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const longDay = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(focused);

  return (
    <div className="ui-calendar" role="group" aria-label={title} onKeyDown={onEscape}>
      <div className="ui-calendar-header">
        <button type="button" aria-label={t('datePicker.previousMonth')} onClick={() => shiftMonth(-1)}>
          ‹
        </button>
        <span aria-live="polite" className="ui-calendar-title">
          {title}
        </span>
        <button type="button" aria-label={t('datePicker.nextMonth')} onClick={() => shiftMonth(1)}>
          ›
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-label={title} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            <th scope="col">{t('datePicker.week')}</th>
            {weekdays.map((day) => (
              <th
                scope="col"
                key={day.getDay()}
                abbr={new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(day)}
              >
                {dayName.format(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(focused).map((week) => (
            <tr key={week[0].getTime()}>
              <th scope="row" aria-label={t('datePicker.weekNumber', { week: isoWeek(week[0]) })}>
                {isoWeek(week[0])}
              </th>
              {week.map((day) => {
                const inMonth = day.getMonth() === focused.getMonth();
                const allowed = isWithin(day, min, max);
                const isSelected = selected !== null && isSameDay(day, selected);
                return (
                  <td key={day.getTime()} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      disabled={!allowed}
                      aria-label={longDay.format(day)}
                      aria-pressed={isSelected}
                      className={
                        [inMonth ? '' : 'outside-month', isSelected ? 'selected' : ''].join(' ').trim() ||
                        undefined
                      }
                      onClick={() => onSelect(day)}
                      onFocus={() => {
                        // Keys move from the day that has focus, however it got there.
                        if (isSameDay(day, focused)) return;
                        followFocus.current = false;
                        setFocused(day);
                      }}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
