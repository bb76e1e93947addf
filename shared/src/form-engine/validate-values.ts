/**
 * Whole-form validation over plain values, with no form library: the portal uses it on save, the backstage on
 * its editable forms, and the server on consumer save (answering 1101 with the 'label - reason' items).
 */
import type { ApplicantType } from '../types';
import type { Clock } from './clock';
import { fieldLabel, isContainerField, isFieldEditable } from './field-config';
import { buildFieldSchema, fieldError } from './field-schema';
import { hiddenFieldKeys } from './page-rules';
import type { ContainerValue, FieldConfig, FieldErrors, FormErrorKey, FormValues, PageRule, ValidationIssue } from './types';
import { getValue } from './values-path';

export interface ValidateOptions {
  clock?: Clock;
  /** Page rules of the component; hidden fields are skipped. */
  rules?: PageRule[];
  /** Fields read-only for this applicant type are skipped. Primary when absent. */
  applicantType?: ApplicantType;
}

/** Human reasons for the §5 error keys, as listed in a 1101 body and under a field. */
export const FORM_ERROR_REASONS: Record<FormErrorKey, string> = {
  required: 'This field is required',
  invalidValue: 'Invalid value',
  invalidRange: 'Value is out of range',
  invalidDate: 'Invalid date',
};

function issue(key: string, label: string, errorKey: FormErrorKey): ValidationIssue {
  return { key, label, errorKey, reason: FORM_ERROR_REASONS[errorKey] };
}

function containerIssues(field: FieldConfig, value: unknown, options: ValidateOptions): ValidationIssue[] {
  const columns = field.fields ?? [];
  const records = (value as ContainerValue | null)?.records ?? [];
  const out: ValidationIssue[] = [];
  records.forEach((record, r) => {
    (record.subRecords ?? []).forEach((row, s) => {
      for (const col of validateValues(columns, row, options)) {
        out.push({ ...col, key: `${field.key}.records[${r}].subRecords[${s}].${col.key}`, label: `${fieldLabel(field)} ${s + 1}: ${col.label}` });
      }
    });
  });
  return out;
}

/**
 * Every problem with the values, in field order: [{ key, label, errorKey, reason }]. Hidden fields (page
 * rules, hide, identifier H) and fields read-only for the applicant are skipped.
 */
export function validateValues(fields: FieldConfig[], values: FormValues, options: ValidateOptions = {}): ValidationIssue[] {
  const hidden = hiddenFieldKeys(fields, options.rules, values);
  const out: ValidationIssue[] = [];
  for (const field of fields) {
    if (hidden.has(field.key) || !isFieldEditable(field, options.applicantType)) continue;
    const value = getValue(values, field.key);
    if (isContainerField(field)) {
      out.push(...containerIssues(field, value, options));
      continue;
    }
    const error = fieldError(buildFieldSchema(field, { clock: options.clock }), value);
    if (error) out.push(issue(field.key, fieldLabel(field), error));
  }
  return out;
}

/** The same as a key → error-key map, the shape react-final-form's form-level validate returns. */
export function validateForm(fields: FieldConfig[], values: FormValues, options: ValidateOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const i of validateValues(fields, values, options)) errors[i.key] = i.errorKey;
  return errors;
}

export interface FormValidity {
  /** Any error makes the form invalid, a required error on a file upload included. */
  valid: boolean;
  /** The separate check of §5 that ignores required errors (format and range problems only). */
  validIgnoringRequired: boolean;
  /** A mandatory file upload still has no document. */
  fileUploadMissing: boolean;
  /** Controls to mark dirty on submit: every control with an error. */
  dirtyKeys: string[];
}

export function formValidity(fields: FieldConfig[], errors: FieldErrors): FormValidity {
  const keys = Object.keys(errors);
  const fileKeys = new Set(fields.filter((f) => f.field_type_details?.type === 'fileUploadHub').map((f) => f.key));
  return {
    valid: keys.length === 0,
    validIgnoringRequired: keys.every((k) => errors[k] === 'required'),
    fileUploadMissing: keys.some((k) => fileKeys.has(k) && errors[k] === 'required'),
    dirtyKeys: keys,
  };
}

export const MANDATORY_FIELDS_MESSAGE = 'Please fill all mandatory fields';

export type SaveCheck =
  | { ok: true; issues: [] }
  | { ok: false; message: typeof MANDATORY_FIELDS_MESSAGE; issues: ValidationIssue[]; dirtyKeys: string[] };

/**
 * Saving a sub-section (§5): a non-summary section with mandatory validations enabled needs every applicable
 * field valid; otherwise 'Please fill all mandatory fields' and the failing controls are marked dirty.
 */
export function checkBeforeSave(
  fields: FieldConfig[],
  values: FormValues,
  options: ValidateOptions & { isSummary?: boolean; mandatoryValidations?: boolean } = {},
): SaveCheck {
  if (options.isSummary || options.mandatoryValidations === false) return { ok: true, issues: [] };
  const issues = validateValues(fields, values, options);
  if (issues.length === 0) return { ok: true, issues: [] };
  return { ok: false, message: MANDATORY_FIELDS_MESSAGE, issues, dirtyKeys: issues.map((i) => i.key) };
}
