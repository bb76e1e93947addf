/**
 * Field keys may be dotted (customFields.income). react-final-form stores them nested while the server may
 * store them flat; reads accept both so the same rules work on either shape.
 */
export function getValue(values: Record<string, unknown> | null | undefined, key: string): unknown {
  if (!values) return undefined;
  if (Object.prototype.hasOwnProperty.call(values, key)) return values[key];
  let cur: unknown = values;
  for (const part of key.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}
