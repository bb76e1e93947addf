import type { ComponentConfig, FormValues } from '@lendline/shared/form-engine';
import { getValue, hiddenFieldKeys } from '@lendline/shared/form-engine';

/**
 * The hidden keys of every component of a sub-section as one sorted signature, so the form re-renders its layout
 * only when a page rule actually shows or hides something — not on every keystroke.
 */
export function hiddenSignature(components: ComponentConfig[], values: FormValues): string {
  const keys: string[] = [];
  for (const c of components) hiddenFieldKeys(c.fields, c.ruleConfigs ?? [], values).forEach((k) => keys.push(k));
  return keys.sort().join('|');
}

/** The keys the sub-section's page rules read: only a change of one of these can show or hide a field. */
export function ruleInputKeys(components: ComponentConfig[]): string[] {
  const keys = new Set<string>();
  for (const c of components) for (const r of c.ruleConfigs ?? []) for (const cond of [...(r.and ?? []), ...(r.or ?? [])]) keys.add(cond.key);
  return [...keys];
}

/**
 * hiddenSignature for a stream of values that recomputes only when a value a rule reads has changed. final-form
 * replaces a value on change and keeps the others, so comparing references is enough. A keystroke in a field no
 * rule looks at then costs a few comparisons instead of a walk over every field and rule of the sub-section.
 */
export function hiddenSignatureTracker(components: ComponentConfig[]): (values: FormValues) => string {
  const keys = ruleInputKeys(components);
  let inputs: unknown[] | null = null;
  let signature = '';
  return (values) => {
    const next = keys.map((k) => getValue(values, k));
    if (inputs && next.every((v, i) => v === inputs![i])) return signature;
    inputs = next;
    signature = hiddenSignature(components, values);
    return signature;
  };
}
