import type { ComponentConfig, FormValues } from '@lendline/shared/form-engine';
import { hiddenFieldKeys } from '@lendline/shared/form-engine';

/**
 * The hidden keys of every component of a sub-section as one sorted signature, so the form re-renders its layout
 * only when a page rule actually shows or hides something — not on every keystroke.
 */
export function hiddenSignature(components: ComponentConfig[], values: FormValues): string {
  const keys: string[] = [];
  for (const c of components) hiddenFieldKeys(c.fields, c.ruleConfigs ?? [], values).forEach((k) => keys.push(k));
  return keys.sort().join('|');
}
