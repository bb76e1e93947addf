/**
 * From one field's configuration to a yup schema implementing §5. Every test's message is a §5 error key
 * (required, invalidValue, invalidRange, invalidDate), and the tests are ordered and guarded so a value fails
 * at most one of them: required before format, format before range. That keeps the message the user sees, and
 * the reason the server returns in 1101, the same on both sides.
 */
import * as yup from 'yup';
import { maxAmountLength } from './amount-input';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { dateBounds, dateFormatOf, isWithinDateBounds, parseStrictDate } from './date-bounds';
import {
  isAmountField,
  isCurrencyField,
  isEmptyValue,
  isInterestRateField,
  isMandatory,
  numericBound,
} from './field-config';
import { rejectedDocuments } from './file-rules';
import { MAX_INTEREST_RATE } from '../constants';
import type { FieldConfig, FileUploadHubValue, FormErrorKey, OtpValue, SignatureValue } from './types';

/** The longest typed signature kept (the pad's typed input allows as much). */
export const SIGNATURE_TYPED_MAX = 80;

function baseSchema() {
  return yup.mixed().nullable().optional();
}

/** A field's yup schema: accepts any value shape (text, booleans, file lists) and reports §5 error keys. */
export type FieldSchema = ReturnType<typeof baseSchema>;

export interface SchemaOptions {
  /** "Today" for BETWEEN_AGE and BETWEEN_DAYS; the system clock when absent. */
  clock?: Clock;
}

type Check = (value: unknown) => boolean;

/** A schema that accepts anything, then runs the given checks in order; each check's name is its error key. */
function checked(checks: Array<[FormErrorKey, Check]>): FieldSchema {
  let schema = baseSchema();
  checks.forEach(([key, ok], index) => {
    // Unique test names, so yup keeps every check (same-name tests replace one another); the message is the key.
    schema = schema.test({ name: `${key}_${index}`, message: key, test: (v) => ok(v) });
  });
  return schema;
}

/** Author regexes are anchored like form pattern validators do: the whole text must match, not a part of it. */
export function compilePattern(regex: string): RegExp | null {
  try {
    const src = regex.startsWith('^') || regex.endsWith('$') ? regex : `^(?:${regex})$`;
    return new RegExp(src);
  } catch {
    // A broken pattern in configuration must not lock the applicant out of the form; it is reported by the
    // config checks of the backstage instead.
    return null;
  }
}

/** Amount text as stored or displayed ("1,00,000.50") → number; NaN when it is not a number. */
export function amountNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value).replace(/,/g, '').trim();
  if (text === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return NaN;
  return Number(text);
}

function integerDigits(value: unknown): number {
  const text = typeof value === 'number' ? String(Math.trunc(Math.abs(value))) : String(value).replace(/,/g, '').trim();
  return text.replace(/^[+-]/, '').split('.')[0].replace(/^0+(?=\d)/, '').length;
}

const notEmpty: Check = (v) => !isEmptyValue(v);
const skipEmpty = (check: Check): Check => (v) => isEmptyValue(v) || check(v);

function textChecks(field: FieldConfig): Array<[FormErrorKey, Check]> {
  const d = field.field_type_details;
  const checks: Array<[FormErrorKey, Check]> = [];
  if (isMandatory(field)) checks.push(['required', notEmpty]);
  const pattern = d.regex ? compilePattern(d.regex) : null;
  if (pattern) checks.push(['invalidValue', skipEmpty((v) => pattern.test(String(v)))]);
  if (isInterestRateField(field)) {
    checks.push(['invalidValue', skipEmpty((v) => /^(\d+\.?\d*|\.\d+)$/.test(String(v).trim()))]);
    checks.push(['invalidRange', skipEmpty((v) => Number(v) <= MAX_INTEREST_RATE)]);
  }
  if (isCurrencyField(field) || isAmountField(field)) {
    const min = numericBound(d.min_value);
    const max = numericBound(d.max_value);
    const digits = maxAmountLength(field);
    checks.push(['invalidValue', skipEmpty((v) => !Number.isNaN(amountNumber(v)))]);
    // More integer digits than the input would ever let through (e.g. 11 digits pasted or posted to the server).
    if (isAmountField(field)) checks.push(['invalidValue', skipEmpty((v) => integerDigits(v) <= digits)]);
    checks.push([
      'invalidRange',
      skipEmpty((v) => {
        const n = amountNumber(v);
        return !(min !== undefined && n < min) && !(max !== undefined && n > max);
      }),
    ]);
  }
  return checks;
}

function dateChecks(field: FieldConfig, clock: Clock): Array<[FormErrorKey, Check]> {
  const format = dateFormatOf(field);
  const checks: Array<[FormErrorKey, Check]> = [];
  if (isMandatory(field)) checks.push(['required', notEmpty]);
  checks.push(['invalidDate', skipEmpty((v) => parseStrictDate(v, format) !== null)]);
  checks.push([
    'invalidDate',
    skipEmpty((v) => {
      const date = parseStrictDate(v, format);
      // Bounds are computed at validation time, so a form left open past midnight still uses the right today.
      return date === null || isWithinDateBounds(date, dateBounds(field, clock));
    }),
  ]);
  return checks;
}

function numberInRange(field: FieldConfig): Array<[FormErrorKey, Check]> {
  const d = field.field_type_details;
  const min = numericBound(d.min_value);
  const max = numericBound(d.max_value);
  return [
    ['required', notEmpty],
    ['invalidValue', skipEmpty((v) => Number.isFinite(Number(v)))],
    [
      'invalidRange',
      skipEmpty((v) => {
        const n = Number(v);
        return !(min !== undefined && n < min) && !(max !== undefined && n > max);
      }),
    ],
  ];
}

/** The §5 checks of one field, in order, as [error key, predicate] pairs. */
export function fieldChecks(field: FieldConfig, options: SchemaOptions = {}): Array<[FormErrorKey, Check]> {
  const clock = options.clock ?? systemClock;
  const d = field.field_type_details;
  const mandatory = isMandatory(field);
  switch (d?.type) {
    case 'text':
    case 'password':
    case 'textarea':
      return textChecks(field);
    case 'date':
      return dateChecks(field, clock);
    case 'checkbox':
    case 'toggle':
      // Mandatory means "must be ticked": false is a value, but not an accepted one.
      return mandatory ? [['required', (v) => v === true || v === 'true']] : [];
    case 'dropdown':
    case 'radio':
    case 'tabs':
    case 'multipleInputs':
      return mandatory ? [['required', notEmpty]] : [];
    case 'range':
      return mandatory ? [['required', (v) => v !== null && v !== undefined]] : [];
    case 'fileUploadHub': {
      const docs = (v: unknown) => ((v as FileUploadHubValue | null)?.uploadedDocuments ?? []) as FileUploadHubValue['uploadedDocuments'];
      const checks: Array<[FormErrorKey, Check]> = [];
      if (mandatory) checks.push(['required', (v) => docs(v).length > 0]);
      checks.push(['invalidValue', (v) => rejectedDocuments(docs(v), d.allowed_file_types).length === 0]);
      return checks;
    }
    case 'signaturePad': {
      const checks: Array<[FormErrorKey, Check]> = mandatory ? [['required', (v) => !isEmptyValue((v as SignatureValue | null)?.fileId)]] : [];
      // A typed signature's text is kept whole beside the image (issue 28): a name, bounded like the pad's input.
      checks.push(['invalidValue', (v) => {
        const typed = (v as SignatureValue | null)?.typedName;
        return typed === undefined || (typeof typed === 'string' && typed.length <= SIGNATURE_TYPED_MAX);
      }]);
      return checks;
    }
    case 'otp':
      // A mandatory OTP counts as filled only once it has been verified.
      return mandatory ? [['required', (v) => (v as OtpValue | null)?.isVerified === true]] : [];
    case 'slider':
    case 'counter':
      // §5: mandatory gives required plus range; an optional slider or counter is not range-checked.
      return mandatory ? numberInRange(field) : [];
    default:
      // gauge_chart, button, financial_table, timer, accordion: display or action controls, nothing to validate.
      return [];
  }
}

/** The yup schema of one field. */
export function buildFieldSchema(field: FieldConfig, options: SchemaOptions = {}): FieldSchema {
  return checked(fieldChecks(field, options));
}

/** First §5 error key of a value, or undefined when valid. Runs the schema synchronously. */
export function fieldError(schema: FieldSchema, value: unknown): FormErrorKey | undefined {
  try {
    // No stack trace: only the error key is read, and capturing a stack for every failing value (every empty
    // mandatory field when a form mounts or saves) made validation several times slower.
    schema.validateSync(value, { abortEarly: true, disableStackTrace: true });
    return undefined;
  } catch (e) {
    if (e instanceof yup.ValidationError) return e.errors[0] as FormErrorKey;
    throw e;
  }
}

/**
 * A field-level validator for react-final-form's <Field validate>: the schema is built once per field, so a
 * keystroke validates only its own field.
 */
export function makeFieldValidator(field: FieldConfig, options: SchemaOptions = {}): (value: unknown) => FormErrorKey | undefined {
  const schema = buildFieldSchema(field, options);
  return (value) => fieldError(schema, value);
}
