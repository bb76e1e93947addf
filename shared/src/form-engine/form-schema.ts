/**
 * A yup object schema for a whole component, for callers that want one schema (e.g. a resolver or a bulk
 * import). Page rules depend on the values, so the schema is built for the fields visible with the given
 * values; react-final-form uses the per-field validators instead, so a keystroke validates one field.
 */
import * as yup from 'yup';
import { isContainerField, isFieldEditable } from './field-config';
import { buildFieldSchema } from './field-schema';
import type { SchemaOptions } from './field-schema';
import { hiddenFieldKeys } from './page-rules';
import type { ApplicantType } from '../types';
import type { FieldConfig, FormValues, PageRule } from './types';

export function buildFormSchema(
  fields: FieldConfig[],
  options: SchemaOptions & { rules?: PageRule[]; values?: FormValues; applicantType?: ApplicantType } = {},
) {
  const hidden = hiddenFieldKeys(fields, options.rules, options.values ?? {});
  const shape: Record<string, ReturnType<typeof buildFieldSchema>> = {};
  for (const f of fields) {
    // Containers are validated row by row (validateValues / canAddRow), not as one value.
    if (hidden.has(f.key) || isContainerField(f) || !isFieldEditable(f, options.applicantType)) continue;
    shape[f.key] = buildFieldSchema(f, options);
  }
  return yup.object(shape);
}
