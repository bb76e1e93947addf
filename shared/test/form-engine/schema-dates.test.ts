import moment from 'moment';
import { dateBounds, fixedClock, makeFieldValidator, parseDaysBound, parseStrictDate } from '../../src/form-engine';
import { clock, field } from './fixtures';

const fmt = (d: Date | undefined) => (d ? moment(d).format('DD/MM/YYYY HH:mm:ss.SSS') : undefined);

describe('date format (§5: strict, default DD/MM/YYYY)', () => {
  const v = makeFieldValidator(field('d', { type: 'date' }), { clock });

  it('accepts real dates in the format', () => {
    expect(v('15/08/1990')).toBeUndefined();
    expect(v('29/02/2024')).toBeUndefined(); // leap day
  });

  it('rejects impossible dates and loose formats with invalidDate', () => {
    expect(v('31/02/2024')).toBe('invalidDate');
    expect(v('29/02/2023')).toBe('invalidDate'); // not a leap year
    expect(v('31/04/2024')).toBe('invalidDate');
    expect(v('1/2/2024')).toBe('invalidDate');
    expect(v('2024-02-01')).toBe('invalidDate');
    expect(v('15/08/1990 extra')).toBe('invalidDate');
    expect(v('hello')).toBe('invalidDate');
  });

  it('is required only when mandatory', () => {
    expect(v('')).toBeUndefined();
    expect(makeFieldValidator(field('d', { type: 'date', mandatory: true }), { clock })('')).toBe('required');
  });

  it('uses the configured format strictly', () => {
    const iso = makeFieldValidator(field('d', { type: 'date', date_format: 'YYYY-MM-DD' }), { clock });
    expect(iso('2024-02-01')).toBeUndefined();
    expect(iso('01/02/2024')).toBe('invalidDate');
    expect(parseStrictDate('2024-02-30', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('BETWEEN_DATE (literal dates)', () => {
  const f = field('d', { type: 'date', property: 'BETWEEN_DATE', min_value: '01/01/2024', max_value: '31/12/2024' });
  const v = makeFieldValidator(f, { clock });

  it('accepts both bound days and rejects the days outside', () => {
    expect(v('01/01/2024')).toBeUndefined();
    expect(v('31/12/2024')).toBeUndefined();
    expect(v('31/12/2023')).toBe('invalidDate');
    expect(v('01/01/2025')).toBe('invalidDate');
  });

  it('puts min at the start of its day and max at the end of its day', () => {
    const b = dateBounds(f, clock);
    expect(fmt(b.min)).toBe('01/01/2024 00:00:00.000');
    expect(fmt(b.max)).toBe('31/12/2024 23:59:59.999');
  });

  it('allows one open side', () => {
    const onlyMax = makeFieldValidator(field('d', { type: 'date', property: 'BETWEEN_DATE', max_value: '2024-01-31' }), { clock });
    expect(onlyMax('01/01/1900')).toBeUndefined();
    expect(onlyMax('01/02/2024')).toBe('invalidDate');
  });
});

describe('BETWEEN_AGE (years back from today, swapped)', () => {
  const f = field('dob', { type: 'date', property: 'BETWEEN_AGE', min_value: 18, max_value: 60 });

  it('max is today minus the minimum age (end of day), min is today minus the maximum age (start of day)', () => {
    // Today is the leap day 29/02/2024: 18 years back lands on 28/02/2006 (no 29 Feb in 2006).
    const b = dateBounds(f, clock);
    expect(fmt(b.max)).toBe('28/02/2006 23:59:59.999');
    expect(fmt(b.min)).toBe('29/02/1964 00:00:00.000'); // 1964 is a leap year
  });

  it('accepts an applicant who turns 18 on the bound day and rejects one a day younger', () => {
    const v = makeFieldValidator(f, { clock });
    expect(v('28/02/2006')).toBeUndefined();
    expect(v('01/03/2006')).toBe('invalidDate');
    expect(v('29/02/1964')).toBeUndefined();
    expect(v('28/02/1964')).toBe('invalidDate');
  });

  it('does not depend on the time of day today', () => {
    const early = fixedClock(new Date(2024, 5, 15, 0, 0, 1));
    const late = fixedClock(new Date(2024, 5, 15, 23, 59, 59));
    for (const c of [early, late]) {
      const v = makeFieldValidator(f, { clock: c });
      expect(v('15/06/2006')).toBeUndefined();
      expect(v('16/06/2006')).toBe('invalidDate');
    }
  });
});

describe('BETWEEN_DAYS (N Day, Week, Month or Year from today)', () => {
  it('parses the bound units', () => {
    expect(parseDaysBound('30 Day')).toEqual({ amount: 30, unit: 'Day' });
    expect(parseDaysBound('2 weeks')).toEqual({ amount: 2, unit: 'Week' });
    expect(parseDaysBound('-1 Year')).toEqual({ amount: -1, unit: 'Year' });
    expect(parseDaysBound(7)).toEqual({ amount: 7, unit: 'Day' });
    expect(parseDaysBound('soon')).toBeUndefined();
  });

  it('bounds from today by days', () => {
    const v = makeFieldValidator(field('d', { type: 'date', property: 'BETWEEN_DAYS', min_value: '0 Day', max_value: '30 Day' }), { clock });
    expect(v('29/02/2024')).toBeUndefined(); // today, though "now" is 15:30: min is the start of today
    expect(v('28/02/2024')).toBe('invalidDate');
    expect(v('30/03/2024')).toBeUndefined(); // 29 Feb + 30 days
    expect(v('31/03/2024')).toBe('invalidDate');
  });

  it('bounds by weeks, months and years, including the past', () => {
    const weeks = makeFieldValidator(field('d', { type: 'date', property: 'BETWEEN_DAYS', min_value: '1 Week', max_value: '2 Week' }), { clock });
    expect(weeks('07/03/2024')).toBeUndefined();
    expect(weeks('06/03/2024')).toBe('invalidDate');
    expect(weeks('14/03/2024')).toBeUndefined();
    expect(weeks('15/03/2024')).toBe('invalidDate');

    const months = makeFieldValidator(field('d', { type: 'date', property: 'BETWEEN_DAYS', min_value: '-1 Month', max_value: '1 Month' }), { clock });
    expect(months('29/01/2024')).toBeUndefined();
    expect(months('28/01/2024')).toBe('invalidDate');
    expect(months('29/03/2024')).toBeUndefined();
    expect(months('30/03/2024')).toBe('invalidDate');

    const years = makeFieldValidator(field('d', { type: 'date', property: 'BETWEEN_DAYS', min_value: '-1 Year', max_value: '0 Day' }), { clock });
    expect(years('28/02/2023')).toBeUndefined(); // 29 Feb 2024 − 1 year = 28 Feb 2023
    expect(years('27/02/2023')).toBe('invalidDate');
    expect(years('01/03/2024')).toBe('invalidDate');
  });
});

describe('no property', () => {
  it('has no bounds', () => {
    expect(dateBounds(field('d', { type: 'date' }), clock)).toEqual({ min: undefined, max: undefined });
  });
});
