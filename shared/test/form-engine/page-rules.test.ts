import { hiddenFieldKeys, matchesCondition, ruleApplies, valuesToSave, validateValues, visibleFields } from '../../src/form-engine';
import type { PageRule } from '../../src/form-engine';
import { clock, field } from './fixtures';

const fields = [
  field('employment', { type: 'dropdown', mandatory: true }),
  field('employer', { type: 'text', mandatory: true }),
  field('income', { type: 'text', mandatory: true, currency_field: true }),
  field('businessName', { type: 'text', mandatory: true }, { groupKey: 'business' }),
  field('businessAge', { type: 'text', mandatory: true }, { groupKey: 'business' }),
  field('isPropertyFinalized', { type: 'radio' }),
  field('propertyValue', { type: 'text', mandatory: true, currency_field: true }),
  field('internalNote', { type: 'text', mandatory: true }, { hide: true }),
  field('skipped', { type: 'text', mandatory: true }, { field_identifier: 'H' }),
];

const rules: PageRule[] = [
  { type: 'CONDITIONAL_HIDE', fields: ['employer'], or: [{ key: 'employment', value: 'Self employed' }, { key: 'employment', value: 'Retired' }] },
  { type: 'CONDITIONAL_HIDE', groups: ['business'], and: [{ key: 'employment', operator: 'NOT_EQUAL', value: 'Self employed' }] },
  { type: 'CONDITIONAL_HIDE', fields: ['propertyValue'], and: [{ key: 'isPropertyFinalized', value: 'No' }] },
  { type: 'CONDITIONAL_HIDE', fields: ['income'], and: [{ key: 'employment', value: 'Retired' }, { key: 'isPropertyFinalized', value: 'Yes' }] },
];

describe('hide', () => {
  it('hides by the hide flag, identifier H and an unconditional rule', () => {
    const hidden = hiddenFieldKeys(fields, [{ type: 'HIDE', fields: ['employment'] }], {});
    expect([...hidden]).toEqual(expect.arrayContaining(['employment', 'internalNote', 'skipped']));
    expect(hidden.has('employer')).toBe(false);
  });
});

describe('conditional hide', () => {
  it("'or' conditions: one match is enough", () => {
    expect(hiddenFieldKeys(fields, rules, { employment: 'Retired' }).has('employer')).toBe(true);
    expect(hiddenFieldKeys(fields, rules, { employment: 'Self employed' }).has('employer')).toBe(true);
    expect(hiddenFieldKeys(fields, rules, { employment: 'Salaried' }).has('employer')).toBe(false);
  });

  it("'and' conditions: all must match", () => {
    expect(hiddenFieldKeys(fields, rules, { employment: 'Retired', isPropertyFinalized: 'Yes' }).has('income')).toBe(true);
    expect(hiddenFieldKeys(fields, rules, { employment: 'Retired', isPropertyFinalized: 'No' }).has('income')).toBe(false);
    expect(hiddenFieldKeys(fields, rules, { employment: 'Salaried', isPropertyFinalized: 'Yes' }).has('income')).toBe(false);
  });

  it('hides whole groups', () => {
    const hidden = hiddenFieldKeys(fields, rules, { employment: 'Salaried' });
    expect(hidden.has('businessName') && hidden.has('businessAge')).toBe(true);
    const shown = hiddenFieldKeys(fields, rules, { employment: 'Self employed' });
    expect(shown.has('businessName') || shown.has('businessAge')).toBe(false);
  });

  it('compares values as text, case-insensitively, and inside multi-selects', () => {
    expect(matchesCondition({ key: 'a', value: 'true' }, { a: true })).toBe(true);
    expect(matchesCondition({ key: 'a', value: 5 }, { a: '5' })).toBe(true);
    expect(matchesCondition({ key: 'a', value: 'x' }, { a: ['y', 'X'] })).toBe(true);
    expect(matchesCondition({ key: 'a', operator: 'IN', value: ['p', 'q'] }, { a: 'q' })).toBe(true);
    expect(matchesCondition({ key: 'a', operator: 'NOT_IN', value: ['p', 'q'] }, { a: 'q' })).toBe(false);
    expect(matchesCondition({ key: 'a', operator: 'GREATER_THAN', value: 10 }, { a: '11' })).toBe(true);
    expect(matchesCondition({ key: 'a', operator: 'EMPTY' }, { a: '' })).toBe(true);
    expect(matchesCondition({ key: 'x.y', value: 'z' }, { x: { y: 'z' } })).toBe(true);
  });

  it('a conditional rule without conditions never fires', () => {
    expect(ruleApplies({ type: 'CONDITIONAL_HIDE', fields: ['a'] }, {})).toBe(false);
  });

  it('with both lists, the and-list and the or-list must hold', () => {
    const rule: PageRule = { type: 'CONDITIONAL_HIDE', and: [{ key: 'a', value: '1' }], or: [{ key: 'b', value: '2' }, { key: 'c', value: '3' }] };
    expect(ruleApplies(rule, { a: '1', c: '3' })).toBe(true);
    expect(ruleApplies(rule, { a: '1' })).toBe(false);
    expect(ruleApplies(rule, { a: '0', b: '2' })).toBe(false);
  });
});

describe('isPropertyFinalized = No', () => {
  it('hides the guarded fields when answered No and while unanswered, shows them on Yes', () => {
    expect(hiddenFieldKeys(fields, rules, { isPropertyFinalized: 'No' }).has('propertyValue')).toBe(true);
    expect(hiddenFieldKeys(fields, rules, {}).has('propertyValue')).toBe(true);
    expect(hiddenFieldKeys(fields, rules, { isPropertyFinalized: 'Yes' }).has('propertyValue')).toBe(false);
  });

  it('the unanswered case applies to that field only', () => {
    expect(matchesCondition({ key: 'otherQuestion', value: 'No' }, {})).toBe(false);
  });
});

describe('hidden fields are skipped by validation and save', () => {
  const values = { employment: 'Salaried', employer: 'ACME', income: '50000', isPropertyFinalized: 'No', propertyValue: 'typed before', businessName: 'old' };

  it('validation ignores hidden mandatory fields', () => {
    expect(validateValues(fields, values, { rules, clock })).toEqual([]);
    const issues = validateValues(fields, { ...values, isPropertyFinalized: 'Yes', propertyValue: '' }, { rules, clock });
    expect(issues.map((i) => i.key)).toEqual(['propertyValue']);
  });

  it('save drops hidden values', () => {
    const saved = valuesToSave(fields, rules, values);
    expect(saved).toEqual({ employment: 'Salaried', employer: 'ACME', income: '50000', isPropertyFinalized: 'No' });
  });

  it('visibleFields keeps order', () => {
    expect(visibleFields(fields, rules, values).map((f) => f.key)).toEqual(['employment', 'employer', 'income', 'isPropertyFinalized']);
  });
});
