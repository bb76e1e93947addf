import { useState } from 'react';
import { fieldLabel } from '@lendline/shared/form-engine';
import { useFieldServices } from './field-services';
import type { FieldProps } from './field-props';
import { useT } from '@lendline/shared';

/**
 * An action button configured in the flow (calculate, run a microflow, submit). The page decides what the action
 * does; without a handler the button says it is not available rather than doing nothing silently.
 */
export function ButtonField({ field, disabled }: FieldProps) {
  const t = useT();
  const { onButton } = useFieldServices();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const press = async () => {
    if (!onButton) {
      setNote(t('portal.fields.actionUnavailable', undefined, 'This action is not available here.'));
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      await onButton(field);
    } catch (e) {
      setNote(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ll-field" data-field={field.key}>
      <button type="button" disabled={disabled || busy} aria-busy={busy || undefined} onClick={press}>
        {fieldLabel(field)}
      </button>
      {note && (
        <p className="ll-muted" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
