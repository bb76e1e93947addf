import { formatCell, isNumericColumn } from '../src/lib/cell-text';

// The cells use the shared format module (shared/test/format covers its rules); these check the list's use of it.
describe('§9 formats of list cells', () => {
  test('amount columns: lakh grouping, whole rupees without decimals, anything else with two', () => {
    expect(formatCell(1240000, 'amount')).toBe('12,40,000');
    expect(formatCell('2010000', 'amount')).toBe('20,10,000');
    expect(formatCell(1234.5, 'amount')).toBe('1,234.50');
    expect(formatCell(99999.999, 'amount')).toBe('1,00,000'); // rounds to whole rupees
    expect(formatCell(-1500000.25, 'amount')).toBe('-15,00,000.25');
  });

  test('dates DD/MM/YYYY with time hh:mm:ss and its AM/PM marker, so evening and morning differ', () => {
    expect(formatCell(new Date(2026, 2, 4, 15, 7, 9).toISOString(), 'date')).toBe('04/03/2026 03:07:09 PM');
    expect(formatCell(new Date(2026, 2, 4, 3, 7, 9).toISOString(), 'date')).toBe('04/03/2026 03:07:09 AM');
    expect(formatCell(new Date(2026, 11, 31, 0, 0, 5).toISOString(), 'date')).toBe('31/12/2026 12:00:05 AM');
    expect(formatCell('not a date', 'date')).toBe('not a date');
    expect(formatCell(null, 'date')).toBe('');
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
