import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from '@lendline/shared';
import { formatCell, formatDate, formatInr, groupLakh, isNumericColumn } from '../src/lib/format-cell';

describe('§9 formats of list cells', () => {
  test('lakh grouping: last three digits, then pairs', () => {
    expect(groupLakh('999')).toBe('999');
    expect(groupLakh('1000')).toBe('1,000');
    expect(groupLakh('100000')).toBe('1,00,000');
    expect(groupLakh('1240000')).toBe('12,40,000');
    expect(groupLakh('1000000000')).toBe('1,00,00,00,000');
  });

  test('INR: whole rupees without decimals, anything else with two; numeric text read; not a number is empty', () => {
    expect(formatInr(1240000)).toBe('12,40,000');
    expect(formatInr('2010000')).toBe('20,10,000');
    expect(formatInr(1234.5)).toBe('1,234.50');
    expect(formatInr(99999.999)).toBe('1,00,000'); // rounds to whole rupees
    expect(formatInr(-1500000.25)).toBe('-15,00,000.25');
    expect(formatInr('12,40,000')).toBe('12,40,000');
    expect(formatInr('abc')).toBe('');
    expect(formatInr('')).toBe('');
  });

  test('dates DD/MM/YYYY with time hh:mm:ss (12-hour clock, seconds shown)', () => {
    // formatDate writes the shared formats out (no moment on the list's first load): they must not drift apart.
    expect([DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT]).toEqual(['DD/MM/YYYY', 'hh:mm:ss']);
    expect(formatDate(new Date(2026, 2, 4, 15, 7, 9))).toBe('04/03/2026 03:07:09');
    expect(formatDate(new Date(2026, 11, 31, 0, 0, 5))).toBe('31/12/2026 12:00:05');
    expect(formatDate(new Date(2026, 0, 2, 9, 30, 0).toISOString(), false)).toBe('02/01/2026');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate(null)).toBe('');
  });

  test('amount columns (rupees, and the counts table configs type as amounts) are numbers: right-aligned, no stray decimals', () => {
    expect(formatCell(1250000, 'amount')).toBe('12,50,000');
    expect(formatCell(3, 'amount')).toBe('3'); // open queries
    expect(formatCell(123456, 'amount')).toBe('1,23,456');
    expect(formatCell('n/a', 'amount')).toBe('n/a'); // not a number: shown as it is
    expect(isNumericColumn({ type: 'amount' })).toBe(true);
    expect(isNumericColumn({ type: 'text' })).toBe(false);
  });

  test('other cells: people by their display name, lists joined, empty stays empty', () => {
    expect(formatCell({ id: 'u1', username: 'cpa1', displayName: 'Asha Rao' }, 'text')).toBe('Asha Rao');
    expect(formatCell(['a', 'b'], 'text')).toBe('a, b');
    expect(formatCell(undefined, 'amount')).toBe('');
    expect(formatCell('Data Entry', 'text')).toBe('Data Entry');
  });
});
