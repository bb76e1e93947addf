import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from '@lendline/shared';
import { formatCell, formatColumn, formatCount, formatDate, formatInr, groupLakh, isCountColumn } from '../src/lib/format-cell';

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

  test('amount columns are rupees, counting columns are whole numbers', () => {
    const loan = { key: 'customFields.loanAmount', type: 'amount' as const };
    const queries = { key: 'openQueries', type: 'amount' as const };
    expect(isCountColumn(loan)).toBe(false);
    expect(isCountColumn(queries)).toBe(true);
    expect(isCountColumn({ key: 'openApprovals', type: 'text' })).toBe(false);
    expect(formatColumn(1250000, loan)).toBe('12,50,000');
    expect(formatColumn(3, queries)).toBe('3');
    expect(formatCount(123456)).toBe('1,23,456');
  });

  test('other cells: people by their display name, lists joined, empty stays empty', () => {
    expect(formatCell({ id: 'u1', username: 'cpa1', displayName: 'Asha Rao' }, 'text')).toBe('Asha Rao');
    expect(formatCell(['a', 'b'], 'text')).toBe('a, b');
    expect(formatCell(undefined, 'amount')).toBe('');
    expect(formatCell('Data Entry', 'text')).toBe('Data Entry');
  });
});
