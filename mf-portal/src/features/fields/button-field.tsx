import { useState } from 'react';
import { useForm } from 'react-final-form';
import { fieldLabel } from '@lendline/shared/form-engine';
import { useFieldServices } from './field-services';
import type { FieldProps } from './field-props';
import { useT } from '@lendline/shared';
import { deliverFile, planActions } from './microflow-actions';

/** The microflow a button runs: field_type_details.microflow (or microFlowId), with an optional componentId. */
function microflowOf(field: FieldProps['field']): { id: string; componentId?: string } | null {
  const d = field.field_type_details;
  const id = typeof d.microflow === 'string' ? d.microflow : typeof d.microFlowId === 'string' ? d.microFlowId : null;
  return id ? { id, componentId: typeof d.componentId === 'string' ? d.componentId : undefined } : null;
}

/**
 * An action button configured in the flow. A button naming a microflow runs it on the server (§7) with the form's
 * values and applies the returned actions: application updates set form values, lookups and verifications are
 * reported, files are downloaded or previewed. Other buttons go to the page's handler; without one the button
 * says it is not available rather than doing nothing silently.
 */
export function ButtonField({ field, disabled }: FieldProps) {
  const t = useT();
  const form = useForm();
  const { onButton, runMicroflow } = useFieldServices();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; alert?: boolean } | null>(null);
  const microflow = microflowOf(field);

  const runIt = async (mf: { id: string; componentId?: string }) => {
    const actions = await runMicroflow!(mf.id, mf.componentId, form.getState().values as Record<string, unknown>);
    const plan = planActions(actions);
    form.batch(() => {
      for (const [k, v] of Object.entries(plan.values)) form.change(k, v);
    });
    for (const f of plan.files) deliverFile(f);
    const lines: string[] = [];
    if (plan.found.length) lines.push(t('portal.microflow.found', { found: plan.found.join('; ') }, `Found: ${plan.found.join('; ')}`));
    for (const u of plan.unverified) lines.push(u.reason ?? t('portal.microflow.unverified', { key: u.key }, `${u.key} could not be verified`));
    for (const f of plan.files) lines.push(f.mode === 'download' ? t('portal.microflow.downloaded', { name: f.name }, `Downloaded ${f.name}`) : t('portal.microflow.opened', { name: f.name }, `Opened ${f.name}`));
    if (!lines.length && Object.keys(plan.values).length) lines.push(t('portal.microflow.updated', undefined, 'Updated.'));
    setNote(lines.length ? { text: lines.join(' '), alert: plan.unverified.length > 0 || plan.notFound.length > 0 } : null);
  };

  const press = async () => {
    const handler = microflow && runMicroflow ? () => runIt(microflow) : onButton ? () => onButton(field) : null;
    if (!handler) {
      setNote({ text: t('portal.fields.actionUnavailable', undefined, 'This action is not available here.') });
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      await handler();
    } catch (e) {
      setNote({ text: e instanceof Error ? e.message : String(e), alert: true });
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
        <p className={note.alert ? 'll-hint ll-required' : 'll-hint'} role={note.alert ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
    </div>
  );
}
