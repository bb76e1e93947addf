import { makeFieldValidator, validateValues } from '../../src/form-engine';
import { clock, field } from './fixtures';

describe('text, password, textarea (§5)', () => {
  it('is required only when mandatory; blank text counts as empty', () => {
    for (const type of ['text', 'password', 'textarea'] as const) {
      const mandatory = makeFieldValidator(field('a', { type, mandatory: true }));
      expect(mandatory('')).toBe('required');
      expect(mandatory('   ')).toBe('required');
      expect(mandatory(undefined)).toBe('required');
      expect(mandatory(null)).toBe('required');
      expect(mandatory('x')).toBeUndefined();
      expect(makeFieldValidator(field('a', { type }))('')).toBeUndefined();
    }
  });

  it('must match the regex as a whole', () => {
    const v = makeFieldValidator(field('pan', { type: 'text', regex: '[A-Z]{5}[0-9]{4}[A-Z]' }));
    expect(v('ABCDE1234F')).toBeUndefined();
    expect(v('xxABCDE1234Fxx')).toBe('invalidValue');
    expect(v('abcde1234f')).toBe('invalidValue');
    expect(v('')).toBeUndefined(); // optional and empty: the pattern is not applied
  });

  it('keeps explicitly anchored patterns as written and ignores a broken pattern', () => {
    expect(makeFieldValidator(field('a', { type: 'text', regex: '^\\d+' }))('12ab')).toBeUndefined();
    expect(makeFieldValidator(field('a', { type: 'text', regex: '([' }))('anything')).toBeUndefined();
  });

  it('reports required before the pattern', () => {
    const v = makeFieldValidator(field('a', { type: 'text', mandatory: true, regex: '\\d+' }));
    expect(v('')).toBe('required');
    expect(v('abc')).toBe('invalidValue');
  });
});

describe('currency fields (§5 invalidValue / invalidRange)', () => {
  const amount = field('loanAmount', { type: 'text', currency_field: 'INR', min_value: 10000, max_value: 5000000, mandatory: true });
  const v = makeFieldValidator(amount);

  it('is invalidValue when not a number', () => {
    expect(v('abc')).toBe('invalidValue');
    expect(v('12a')).toBe('invalidValue');
    expect(v('1.2.3')).toBe('invalidValue');
  });

  it('is invalidRange below min or above max, and accepts both bounds', () => {
    expect(v('9999')).toBe('invalidRange');
    expect(v('10000')).toBeUndefined();
    expect(v('5000000')).toBeUndefined();
    expect(v('5000000.01')).toBe('invalidRange');
    expect(v(5000001)).toBe('invalidRange');
  });

  it('reads grouped display text', () => {
    expect(v('1,00,000')).toBeUndefined();
  });

  it('rejects an 11-digit amount (default max_amount_length 10) even without bounds', () => {
    const open = makeFieldValidator(field('amt', { type: 'text', currency_field: true }));
    expect(open('9999999999')).toBeUndefined();
    expect(open('99999999999')).toBe('invalidValue');
    expect(open('9999999999.99')).toBeUndefined();
    const short = makeFieldValidator(field('amt', { type: 'text', currency_field: true, max_amount_length: 5 }));
    expect(short('123456')).toBe('invalidValue');
  });

  it('server-side validateValues reports the same rule as label - reason', () => {
    const issues = validateValues([{ ...amount, label: 'Loan amount' }], { loanAmount: '99999999999' }, { clock });
    expect(issues).toEqual([{ key: 'loanAmount', label: 'Loan amount', errorKey: 'invalidValue', reason: 'Invalid value' }]);
  });
});

describe('interest rate (§5: at most 99.99)', () => {
  const v = makeFieldValidator(field('roi', { type: 'text', interest_rate: true }));
  it('accepts up to 99.99', () => {
    expect(v('99.99')).toBeUndefined();
    expect(v('0')).toBeUndefined();
    expect(v('10.5')).toBeUndefined();
  });
  it('rejects above 99.99 and non-numeric text', () => {
    expect(v('100')).toBe('invalidRange');
    expect(v('99.991')).toBe('invalidRange');
    expect(v('1e2')).toBe('invalidValue');
    expect(v('12%')).toBe('invalidValue');
  });
});
