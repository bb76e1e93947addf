import type { FieldOption } from '@lendline/shared/form-engine';

/**
 * Native controls carry text; configured options may be numbers or booleans. These map between the two so a
 * saved value keeps its configured type.
 */
export function optionKey(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

export function optionFromKey(options: FieldOption[], key: string): FieldOption['value'] | '' {
  const found = options.find((o) => optionKey(o.value) === key);
  return found ? found.value : '';
}
