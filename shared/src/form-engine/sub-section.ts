/**
 * Sub-section level helpers: gather the components of a sub-section (configurations give either components or
 * a bare field list), validate them all with their own page rules, and derive the component status that
 * progress records. The server uses these on consumer save; the portal on its save button.
 */
import { isEmptyValue } from './field-config';
import { hiddenFieldKeys } from './page-rules';
import { componentStatus } from './progress';
import type { ComponentConfig, FormValues, SubSection, ValidationIssue } from './types';
import type { ComponentProgress } from '../types';
import type { ValidateOptions } from './validate-values';
import { checkBeforeSave, validateValues } from './validate-values';
import { getValue } from './values-path';

/** The components of a sub-section; a bare `fields` list is one component whose id is the subSectionId. */
export function subSectionComponents(sub: SubSection): ComponentConfig[] {
  const list = [...(sub.components ?? [])];
  if (sub.fields && sub.fields.length > 0) list.push({ componentId: sub.subSectionId, fields: sub.fields });
  return list;
}

type Options = Omit<ValidateOptions, 'rules'>;

/** Every issue of every component, each validated under its own ruleConfigs. */
export function validateSubSection(sub: SubSection, values: FormValues, options: Options = {}): ValidationIssue[] {
  return subSectionComponents(sub).flatMap((c) => validateValues(c.fields, values, { ...options, rules: c.ruleConfigs }));
}

/** The save check of §5 for a whole sub-section (a summary section is never blocked). */
export function checkSubSectionBeforeSave(sub: SubSection, values: FormValues, options: Options & { isSummary?: boolean } = {}) {
  const fields = subSectionComponents(sub).flatMap((c) => c.fields);
  const rules = subSectionComponents(sub).flatMap((c) => c.ruleConfigs ?? []);
  return checkBeforeSave(fields, values, { ...options, rules, mandatoryValidations: sub.mandatoryValidations });
}

/** Does any visible field of the component hold a value? (An unticked checkbox does not count.) */
export function componentHasAnyValue(component: ComponentConfig, values: FormValues): boolean {
  const hidden = hiddenFieldKeys(component.fields, component.ruleConfigs, values);
  return component.fields.some((f) => {
    if (hidden.has(f.key)) return false;
    const v = getValue(values, f.key);
    return !isEmptyValue(v) && v !== false;
  });
}

/** Progress status of a sub-section from its values: PENDING, PROGRESS or COMPLETE (§4). */
export function subSectionStatusFromValues(sub: SubSection, values: FormValues, options: Options = {}): ComponentProgress {
  const components = subSectionComponents(sub);
  const any = components.some((c) => componentHasAnyValue(c, values));
  return componentStatus(any, validateSubSection(sub, values, options).length);
}
