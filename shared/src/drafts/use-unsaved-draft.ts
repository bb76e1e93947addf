import { useCallback, useState } from 'react';
import { keepDraft, takeRestored } from './draft-vault';

/**
 * One form's unsaved edits (docs/identity.md "Unsaved edits across sessions"): `restored` holds what the vault
 * brought back for `formId` after a new sign-in (read once, on mount); `keep` records the current changed fields
 * (null when there is nothing unsaved: after a save, a reset or a cancel).
 */
export function useUnsavedDraft<T extends Record<string, unknown> = Record<string, unknown>>(formId: string) {
  const [restored] = useState(() => takeRestored(formId) as T | undefined);
  const keep = useCallback((values: T | null) => keepDraft(formId, values), [formId]);
  return { restored, keep };
}
