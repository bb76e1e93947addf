import {
  acceptAmountKeystroke,
  acceptEarnPerMonthKeystroke,
  acceptInterestRateKeystroke,
  maxAmountLength,
  normaliseAmountOnKeyUp,
  normaliseEarnPerMonthOnKeyUp,
} from '../../src/form-engine';
import { field } from './fixtures';

describe('amount keystrokes (§5)', () => {
  it('accepts digits and one decimal point only', () => {
    expect(acceptAmountKeystroke('12', '3')).toBe(true);
    expect(acceptAmountKeystroke('12', '.')).toBe(true);
    expect(acceptAmountKeystroke('12.5', '.')).toBe(false);
    expect(acceptAmountKeystroke('12', 'a')).toBe(false);
    expect(acceptAmountKeystroke('12', '-')).toBe(false);
    expect(acceptAmountKeystroke('12', ',')).toBe(false);
    expect(acceptAmountKeystroke('12', 'e')).toBe(false);
  });

  it('rejects a leading dot', () => {
    expect(acceptAmountKeystroke('', '.')).toBe(false);
    expect(acceptAmountKeystroke('12', '.', 10, 0)).toBe(false);
  });

  it('allows at most 10 integer digits by default, decimals beyond that', () => {
    expect(acceptAmountKeystroke('123456789', '0')).toBe(true);
    expect(acceptAmountKeystroke('1234567890', '1')).toBe(false); // the 11th digit
    expect(acceptAmountKeystroke('1234567890', '.')).toBe(true);
    expect(acceptAmountKeystroke('1234567890.', '5')).toBe(true);
    expect(acceptAmountKeystroke('1234567890.5', '1', 10, 0)).toBe(false); // inserting in the integer part
  });

  it('honours max_amount_length', () => {
    expect(maxAmountLength(field('a', { type: 'text', max_amount_length: 6 }))).toBe(6);
    expect(maxAmountLength(field('a', { type: 'text' }))).toBe(10);
    expect(acceptAmountKeystroke('123456', '7', 6)).toBe(false);
  });

  it('lets control keys through', () => {
    expect(acceptAmountKeystroke('1234567890', 'Backspace')).toBe(true);
    expect(acceptAmountKeystroke('', 'Tab')).toBe(true);
  });
});

describe('amount key-up normaliser (§5)', () => {
  it('strips non-numeric characters and extra dots', () => {
    expect(normaliseAmountOnKeyUp('1,00,000')).toBe('100000');
    expect(normaliseAmountOnKeyUp('₹ 25k')).toBe('25');
    expect(normaliseAmountOnKeyUp('12.5.6')).toBe('12.56');
    expect(normaliseAmountOnKeyUp('.5abc7')).toBe('57');
  });

  it('requires at least 1', () => {
    expect(normaliseAmountOnKeyUp('0')).toBe('');
    expect(normaliseAmountOnKeyUp('0.99')).toBe('');
    expect(normaliseAmountOnKeyUp('1')).toBe('1');
    expect(normaliseAmountOnKeyUp('abc')).toBe('');
  });

  it('truncates over-long integers and keeps a trailing dot while typing', () => {
    expect(normaliseAmountOnKeyUp('123456789012')).toBe('1234567890');
    expect(normaliseAmountOnKeyUp('123456789012.75')).toBe('1234567890.75');
    expect(normaliseAmountOnKeyUp('12.')).toBe('12.');
    expect(normaliseAmountOnKeyUp('1234567', 5)).toBe('12345');
  });

  it('earn-per-month follows the same rules', () => {
    expect(acceptEarnPerMonthKeystroke('', '.')).toBe(false);
    expect(normaliseEarnPerMonthOnKeyUp('50,000/-')).toBe('50000');
  });
});

describe('interest rate keystrokes (§5: digits and a dot, at most 99.99)', () => {
  it('filters keys and the resulting value', () => {
    expect(acceptInterestRateKeystroke('9', '9')).toBe(true);
    expect(acceptInterestRateKeystroke('99', '.')).toBe(true);
    expect(acceptInterestRateKeystroke('99.9', '9')).toBe(true);
    expect(acceptInterestRateKeystroke('99.99', '1')).toBe(false);
    expect(acceptInterestRateKeystroke('99', '9')).toBe(false);
    expect(acceptInterestRateKeystroke('9', 'a')).toBe(false);
    expect(acceptInterestRateKeystroke('9.5', '.')).toBe(false);
  });
});
