import type { FormValues, SubSection } from '@lendline/shared/form-engine';
import { initialValuesOf, subSectionComponents } from '@lendline/shared/form-engine';

/**
 * What a sub-section's form starts from: the configured defaults of its fields under the stored
 * values, exactly as the portal's SectionForm initialises itself.
 */
export function baselineOf(sub: SubSection, stored: FormValues): FormValues {
  return { ...initialValuesOf(subSectionComponents(sub).flatMap((c) => c.fields)), ...stored };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The values the user changed against the form's baseline. A form re-initialised with new stored
 * values reports no change, and defaults the user never touched are not saved (or audited) as edits.
 * A field the user emptied is gone from the form's values: it is reported as null (the server
 * removes it) — unless `values` is only part of the form (a sub-section's save sends its visible fields).
 */
export function changesFrom(baseline: FormValues, values: FormValues, whole = true): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(values)) if (!same(baseline[k], v)) out[k] = v === undefined ? null : v;
  if (whole) for (const k of Object.keys(baseline)) if (!(k in values) && baseline[k] != null && baseline[k] !== '') out[k] = null;
  return out;
}

const empty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The changes a sub-section's checked values make to its baseline: a field cleared in the form (null) is a
 * change only when it held something, and untouched defaults are no change.
 */
export function editsOf(baseline: FormValues, checked: FormValues): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(checked)) {
    if (empty(v) && empty(baseline[k])) continue;
    if (!same(baseline[k], v)) out[k] = empty(v) ? null : v;
  }
  return out;
}
