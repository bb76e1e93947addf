import {
  canDecrement,
  canIncrement,
  decrementCounter,
  dropdownDefault,
  incrementCounter,
  initialValuesOf,
  rangeDefault,
  withPropertyName,
} from '../../src/form-engine';
import { field } from './fixtures';

describe('range defaults (§5: min and max, constants 0 and 100)', () => {
  it('uses the configured bounds, else 0 and 100', () => {
    expect(rangeDefault(field('r', { type: 'range', min_value: 5, max_value: 50 }))).toEqual({ min: 5, max: 50 });
    expect(rangeDefault(field('r', { type: 'range' }))).toEqual({ min: 0, max: 100 });
    expect(rangeDefault(field('r', { type: 'range', min_value: '10' }))).toEqual({ min: 10, max: 100 });
  });
});

describe('dropdown default (§5)', () => {
  const options = ['Salaried', 'Self employed'];
  it('applies only when among the options', () => {
    expect(dropdownDefault(field('d', { type: 'dropdown', internal_list: options, defaultValue: 'Salaried' }))).toBe('Salaried');
    expect(dropdownDefault(field('d', { type: 'dropdown', internal_list: options, defaultValue: 'Retired' }))).toBe('');
  });
  it('"none" gives empty', () => {
    expect(dropdownDefault(field('d', { type: 'dropdown', internal_list: ['none', 'a'], defaultValue: 'none' }))).toBe('');
    expect(dropdownDefault(field('d', { type: 'dropdown', internal_list: options, defaultValue: 'None' }))).toBe('');
  });
  it('matches option values of another type and keeps the option value', () => {
    const f = field('d', { type: 'dropdown', internal_list: [{ label: 'One', value: 1 }], defaultValue: '1' });
    expect(dropdownDefault(f)).toBe(1);
  });
  it('multiple dropdowns keep only the defaults that are options', () => {
    const f = field('d', { type: 'dropdown', multiple: true, internal_list: options, defaultValue: ['Salaried', 'X'] });
    expect(dropdownDefault(f)).toEqual(['Salaried']);
  });
  it('feeds initial values, where configured initial values win', () => {
    const fields = [
      field('d', { type: 'dropdown', internal_list: options, defaultValue: 'Salaried' }),
      field('r', { type: 'range' }),
      field('c', { type: 'checkbox' }),
    ];
    expect(initialValuesOf(fields, { d: 'Self employed' })).toEqual({ d: 'Self employed', r: { min: 0, max: 100 }, c: false });
  });
});

describe('property names (§5: dropdown and radio without one get a random one)', () => {
  it('assigns a random name only to dropdown and radio fields lacking one', () => {
    const r = withPropertyName(field('gender', { type: 'radio' }), () => 0.5);
    expect(r.field_type_details.property).toMatch(/^gender_[0-9a-z]+$/);
    const d1 = withPropertyName(field('a', { type: 'dropdown' }), () => 0.1).field_type_details.property;
    const d2 = withPropertyName(field('a', { type: 'dropdown' }), () => 0.2).field_type_details.property;
    expect(d1).not.toBe(d2);
    expect(withPropertyName(field('a', { type: 'radio', property: 'kept' })).field_type_details.property).toBe('kept');
    expect(withPropertyName(field('a', { type: 'text' })).field_type_details.property).toBeUndefined();
  });
});

describe('counter steps (§5: increments only below max, decrements only above min)', () => {
  const c = field('n', { type: 'counter', min_value: 0, max_value: 3 });
  it('increments below max only', () => {
    expect(canIncrement(c, 2)).toBe(true);
    expect(canIncrement(c, 3)).toBe(false);
    expect(incrementCounter(c, 2)).toBe(3);
    expect(incrementCounter(c, 3)).toBe(3);
  });
  it('decrements above min only', () => {
    expect(canDecrement(c, 1)).toBe(true);
    expect(canDecrement(c, 0)).toBe(false);
    expect(decrementCounter(c, 1)).toBe(0);
    expect(decrementCounter(c, 0)).toBe(0);
  });
  it('clamps a step that would overshoot and is unbounded without limits', () => {
    const stepped = field('n', { type: 'counter', min_value: 0, max_value: 5, step: 2 });
    expect(incrementCounter(stepped, 4)).toBe(5);
    expect(decrementCounter(stepped, 1)).toBe(0);
    expect(incrementCounter(field('n', { type: 'counter' }), 99)).toBe(100);
  });
});
