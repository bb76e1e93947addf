/** Stable DOM ids for a field's input, error and hint, so labels and aria-describedby always match. */
export function fieldIds(name: string) {
  const base = `ll-f-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return { input: base, error: `${base}-error`, hint: `${base}-hint`, label: `${base}-label` };
}

/** aria-describedby from the ids that are present. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean) as string[];
  return list.length ? list.join(' ') : undefined;
}
