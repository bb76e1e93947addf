/**
 * Page rules of §5: a field or a group can be hidden, or hidden when 'and' / 'or' conditions over other field
 * values match. Hidden fields are neither validated nor saved.
 */
import { isEmptyValue, isSkippedIdentifier } from './field-config';
import type { FieldConfig, FormValues, PageRule, RuleCondition } from './types';
import { getValue } from './values-path';

/** The field whose "No" answer is special (see matchesCondition). */
export const PROPERTY_FINALIZED_KEY = 'isPropertyFinalized';

function same(a: unknown, b: unknown): boolean {
  // Configurations write condition values as text ("true", "5", "Yes") while values may be booleans or numbers.
  return String(a).toLowerCase() === String(b).toLowerCase();
}

function includesValue(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((a) => same(a, expected));
  return same(actual, expected);
}

/**
 * One condition against the current values. Special case: a condition "isPropertyFinalized EQUAL No" also
 * matches while the question is unanswered — until the applicant says the property is finalized, the property
 * details it guards stay hidden (and unvalidated) rather than flashing up and demanding input.
 */
export function matchesCondition(condition: RuleCondition, values: FormValues): boolean {
  const actual = getValue(values, condition.key);
  const op = condition.operator ?? 'EQUAL';
  const expected = condition.value;
  if (condition.key === PROPERTY_FINALIZED_KEY && isEmptyValue(actual) && typeof expected === 'string' && same(expected, 'No')) {
    return op === 'EQUAL' || op === 'IN';
  }
  switch (op) {
    case 'EQUAL':
      return !isEmptyValue(actual) && includesValue(actual, expected);
    case 'NOT_EQUAL':
      return isEmptyValue(actual) || !includesValue(actual, expected);
    case 'IN':
      return Array.isArray(expected) && expected.some((e) => includesValue(actual, e));
    case 'NOT_IN':
      return !Array.isArray(expected) || !expected.some((e) => includesValue(actual, e));
    case 'GREATER_THAN':
      return !isEmptyValue(actual) && Number(actual) > Number(expected);
    case 'LESS_THAN':
      return !isEmptyValue(actual) && Number(actual) < Number(expected);
    case 'EMPTY':
      return isEmptyValue(actual);
    case 'NOT_EMPTY':
      return !isEmptyValue(actual);
    default:
      return false;
  }
}

/** Does the rule hide its targets for these values? 'and' needs all, 'or' needs one; both lists must hold. */
export function ruleApplies(rule: PageRule, values: FormValues): boolean {
  if (rule.type === 'HIDE') return true;
  const and = rule.and ?? [];
  const or = rule.or ?? [];
  // A conditional rule with no condition at all never fires: hiding unconditionally is what HIDE is for.
  if (and.length === 0 && or.length === 0) return false;
  const andOk = and.every((c) => matchesCondition(c, values));
  const orOk = or.length === 0 || or.some((c) => matchesCondition(c, values));
  return andOk && orOk;
}

/**
 * Keys of the fields hidden right now: by their own hide flag, by field_identifier H, or by a rule naming the
 * field or its group. Container children follow their container.
 */
export function hiddenFieldKeys(fields: FieldConfig[], rules: PageRule[] = [], values: FormValues = {}): Set<string> {
  const hiddenKeys = new Set<string>();
  const hiddenGroups = new Set<string>();
  for (const rule of rules) {
    if (!ruleApplies(rule, values)) continue;
    rule.fields?.forEach((k) => hiddenKeys.add(k));
    rule.groups?.forEach((g) => hiddenGroups.add(g));
  }
  const out = new Set<string>();
  const visit = (f: FieldConfig, parentHidden: boolean) => {
    const hidden =
      parentHidden ||
      f.hide === true ||
      isSkippedIdentifier(f) ||
      hiddenKeys.has(f.key) ||
      (f.groupKey !== undefined && hiddenGroups.has(f.groupKey));
    if (hidden) out.add(f.key);
    f.fields?.forEach((c) => visit(c, hidden));
  };
  fields.forEach((f) => visit(f, false));
  return out;
}

export function isFieldHidden(field: FieldConfig, fields: FieldConfig[], rules: PageRule[] = [], values: FormValues = {}): boolean {
  return hiddenFieldKeys(fields, rules, values).has(field.key);
}

/** The fields shown right now, in order. */
export function visibleFields(fields: FieldConfig[], rules: PageRule[] = [], values: FormValues = {}): FieldConfig[] {
  const hidden = hiddenFieldKeys(fields, rules, values);
  return fields.filter((f) => !hidden.has(f.key));
}

/**
 * The values to save: hidden fields are dropped (§5: hidden fields are skipped by save), so an answer typed
 * before a rule hid its field does not reach the server.
 */
export function valuesToSave(fields: FieldConfig[], rules: PageRule[] = [], values: FormValues = {}): FormValues {
  const hidden = hiddenFieldKeys(fields, rules, values);
  const out: FormValues = {};
  for (const f of fields) {
    if (hidden.has(f.key)) continue;
    const v = getValue(values, f.key);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}
