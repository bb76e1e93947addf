import { formatCurrency, formatPercent, groupIndian, groupThousands } from '../../src/format';

describe('INR with lakh grouping (§9)', () => {
  it.each<[unknown, string]>([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '1,00,000'],
    [1234567, '12,34,567'],
    [10000000, '1,00,00,000'],
    ['9999999999', '9,99,99,99,999'],
    [1234.5, '1,234.50'],
    ['1,00,000.25', '1,00,000.25'],
    [-250000, '-2,50,000'],
  ])('%p → %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected);
    expect(formatCurrency(value, 'INR')).toBe(expected);
  });

  it('adds the symbol on request', () => {
    expect(formatCurrency(100000, 'INR', { symbol: true })).toBe('₹1,00,000');
    expect(formatCurrency(-5, 'USD', { symbol: true })).toBe('-$5.00');
  });

  it('empty for non-numbers', () => {
    expect(formatCurrency('')).toBe('');
    expect(formatCurrency('abc')).toBe('');
    expect(formatCurrency(null)).toBe('');
  });
});

describe('USD, AUD and others with 2 decimals', () => {
  it.each<[unknown, string, string]>([
    [1234567, 'USD', '1,234,567.00'],
    [1234.5, 'AUD', '1,234.50'],
    [0.005, 'USD', '0.01'],
    [999.999, 'AUD', '1,000.00'],
    [10, 'EUR', '10.00'],
  ])('%p %s → %s', (value, code, expected) => {
    expect(formatCurrency(value, code)).toBe(expected);
  });
  it('symbols', () => {
    expect(formatCurrency(1, 'AUD', { symbol: true })).toBe('A$1.00');
    expect(formatCurrency(1, 'EUR', { symbol: true })).toBe('EUR 1.00');
  });
});

describe('percent with 2 decimals', () => {
  it('formats', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent('99.99')).toBe('99.99%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatCurrency(7.125, 'percent')).toBe('7.13%');
    expect(formatPercent('x')).toBe('');
  });
});

describe('grouping helpers', () => {
  it('group digits', () => {
    expect(groupIndian('123')).toBe('123');
    expect(groupIndian('1234')).toBe('1,234');
    expect(groupIndian('123456789')).toBe('12,34,56,789');
    expect(groupThousands('123456789')).toBe('123,456,789');
  });
});
