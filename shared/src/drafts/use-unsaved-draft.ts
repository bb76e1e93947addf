import { useCallback, useEffect, useState } from 'react';
import { keepDraft, peekRestored, takeRestored } from './draft-vault';

/**
 * One form's unsaved edits (docs/identity.md "Unsaved edits across sessions"): `restored` holds what the vault
 * brought back for `formId` after a new sign-in (read once, on mount); `keep` records the current changed fields
 * (null when there is nothing unsaved: after a save, a reset or a cancel).
 */
export function useUnsavedDraft<T extends Record<string, unknown> = Record<string, unknown>>(formId: string) {
  const [restored] = useState(() => peekRestored(formId) as T | undefined);
  // Taken after the render: the vault's store must not change while React renders.
  useEffect(() => void takeRestored(formId), [formId]);
  const keep = useCallback((values: T | null) => keepDraft(formId, values), [formId]);
  return { restored, keep };
}

/**
 * useState for a text (or any JSON value) the user is typing, kept as an unsaved draft while it differs from
 * `empty`: a drop-in for the note and query inputs. Setting it back to `empty` (sent, cleared) forgets the draft;
 * so does closing the form while signed in. When the session ends first, the vault is already locked and the
 * draft stays on the device for the next sign-in.
 */
export function useDraftState<T>(formId: string, empty: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const back = peekRestored(formId) as { value?: T } | undefined;
    return back && 'value' in back ? (back.value as T) : empty;
  });
  useEffect(() => {
    takeRestored(formId);
    return () => keepDraft(formId, null);
  }, [formId]);
  const emptyJson = JSON.stringify(empty);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      keepDraft(formId, JSON.stringify(next) === emptyJson ? null : { value: next });
    },
    [formId, emptyJson],
  );
  return [value, set];
}
