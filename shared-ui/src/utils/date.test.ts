import { formatDate, formatDateTime, isoWeek, isWithin, parseDate } from './date';

describe('date helpers', () => {
  it('formats epoch seconds as dd/MM/yyyy and nothing for an empty value', () => {
    const seconds = new Date(2027, 0, 5, 14, 3).getTime() / 1000;
    expect(formatDate(seconds, 'en')).toBe('05/01/2027');
    expect(formatDateTime(seconds)).toBe('05/01/2027 14:03');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, 'nl')).toBe('');
  });

  it('parses dd/MM/yyyy strictly', () => {
    expect(parseDate('24/12/2027')?.getTime()).toBe(new Date(2027, 11, 24).getTime());
    expect(parseDate('1/2/2027')?.getTime()).toBe(new Date(2027, 1, 1).getTime());
    expect(parseDate('31/02/2027')).toBeNull();
    expect(parseDate('12/24/2027')).toBeNull();
    expect(parseDate('2027-12-24')).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate('24/12/27')).toBeNull();
  });

  it('gives ISO week numbers', () => {
    expect(isoWeek(new Date(2026, 0, 1))).toBe(1); // a Thursday
    expect(isoWeek(new Date(2027, 0, 1))).toBe(53); // a Friday: last week of 2026
    expect(isoWeek(new Date(2024, 11, 30))).toBe(1); // Monday of 2025's first week
    expect(isoWeek(new Date(2026, 10, 21))).toBe(47);
  });

  it('checks bounds by calendar day', () => {
    const min = new Date(2027, 0, 10, 18);
    expect(isWithin(new Date(2027, 0, 10, 1), min, null)).toBe(true);
    expect(isWithin(new Date(2027, 0, 9, 23), min, null)).toBe(false);
    expect(isWithin(new Date(2027, 0, 12), null, new Date(2027, 0, 11))).toBe(false);
  });
});
