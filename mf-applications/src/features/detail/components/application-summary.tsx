import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '@lendline/shared';
import type { FormValues, SubSection } from '@lendline/shared/form-engine';
import { Tooltip } from '@lendline/shared/ui';
import { buildSummary, type SummaryRow } from '../api/summary-model';
import { formatFieldValue } from '../api/field-text';
import type { FlowState } from '../hooks/use-flow-config';
import type { CheckFn } from '../hooks/use-form-edits';
import { FieldHistory } from './field-history';
import { SectionEditor } from './section-editor';
import { SignatureImage } from './signature-image';

/** The server audits a captured value under its path in the application (customFields.<key>). */
export const auditKey = (key: string) => `customFields.${key}`;

export interface ApplicationSummaryProps {
  applicationId: string;
  flow: FlowState;
  values: FormValues;
  /** §4: the form is editable for this user now (the server's answer); sections then offer Edit. */
  editable: boolean;
  /** Sections open for editing (their forms are saved by the page's one Save). */
  editing: ReadonlySet<string>;
  onEdit(sectionId: string): void;
  register(sub: SubSection, check: { current: CheckFn | null }): () => void;
  report(subId: string, values: FormValues): void;
  loader?: (id: string) => Promise<unknown>;
  /** Unsaved-edits vault prefix of this application's section forms (shared/src/drafts). */
  draftPrefix?: string;
}

/** A signature pad's stored file id, when the value has one. */
const signatureId = (r: SummaryRow, values: FormValues) =>
  r.field?.field_type_details.type === 'signaturePad' ? ((values[r.key] as { fileId?: string | null } | undefined)?.fileId ?? null) : null;

/** A typed signature's whole text, when the applicant typed it (issue 28). */
const typedNameOf = (r: SummaryRow, values: FormValues) => {
  const v = (values[r.key] as { typedName?: unknown } | undefined)?.typedName;
  return typeof v === 'string' && v ? v : undefined;
};

function Rows({ rows, onHistory, applicationId, values }: { rows: SummaryRow[]; onHistory(row: SummaryRow): void; applicationId: string; values: FormValues }) {
  const t = useT();
  return (
    <dl className="ll-summary-grid">
      {rows.map((r) => (
        <div key={r.key} className="ll-summary-row">
          <dt>{r.label}</dt>
          <dd>
            <span data-testid={`value-${r.key}`} className={r.text ? undefined : 'll-muted'}>
              {signatureId(r, values) ? <SignatureImage applicationId={applicationId} fileId={signatureId(r, values)!} label={r.label} fallback={r.text} typedName={typedNameOf(r, values)} /> : r.text || '—'}
            </span>
            {/* The kit's Tooltip rather than a title attribute: it shows on keyboard focus too and describes the button. */}
            <Tooltip content={t('areas.applications.history.hint', undefined, 'Who changed it and when')}>
              <button type="button" className="ll-history-button" onClick={() => onHistory(r)} aria-label={t('areas.applications.history.open', { field: r.label }, 'History of {field}')}>
                <span aria-hidden="true">⟲</span>
              </button>
            </Tooltip>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The application's data as staff read it: the form's sections with each field under its configured label
 * and its value formatted (§9), who changed a field and when one click away. Where §4 allows editing, a
 * section switches in place to the portal's form for it; the page's one Save saves every open section.
 */
export function ApplicationSummary({ applicationId, flow, values, editable, editing, onEdit, register, report, loader, draftPrefix }: ApplicationSummaryProps) {
  const t = useT();
  const base = useId();
  const [history, setHistory] = useState<SummaryRow | null>(null);
  const model = useMemo(() => buildSummary(flow.flow, values), [flow.flow, values]);
  // The Edit button goes away as its section turns into a form: keyboard focus moves to that section's heading.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current && editing.has(opened.current)) document.getElementById(`${base}-${opened.current}`)?.focus();
    opened.current = null;
  }, [editing, base]);
  return (
    <div className="ll-summary" data-testid="application-data">
      {flow.status === 'loading' && <p aria-busy="true">{t('areas.applications.detail.formLoading', undefined, 'Loading the application form…')}</p>}
      {flow.status === 'failed' && <p role="alert">{t('areas.applications.detail.flowFailed', undefined, 'The form of this application could not be loaded: its values are shown by their names.')}</p>}
      {model.sections.map((s) => {
        const open = editing.has(s.sectionId);
        const head = `${base}-${s.sectionId}`;
        return (
          <section key={s.sectionId} className={open ? 'll-summary-section ll-summary-section--editing' : 'll-summary-section'} aria-labelledby={head} data-testid="summary-section" data-section={s.sectionId}>
            <div className="ll-summary-head">
              <h3 id={head} tabIndex={-1}>
                {s.name}
              </h3>
              {editable && !open && (
                <button type="button" className="ll-button--secondary ll-button--small" onClick={() => {
                    opened.current = s.sectionId;
                    onEdit(s.sectionId);
                  }} aria-label={t('areas.applications.detail.editSection', { section: s.name }, 'Edit {section}')}>
                  {t('areas.applications.detail.edit', undefined, 'Edit')}
                </button>
              )}
            </div>
            {open ? (
              <SectionEditor subSections={s.subSections} values={values} register={register} report={report} loader={loader} draftPrefix={draftPrefix} />
            ) : (
              s.groups.map((g) => (
                <div key={g.subSectionId}>
                  {s.groups.length > 1 && g.name && <h4 className="ll-summary-sub">{g.name}</h4>}
                  <Rows rows={g.rows} onHistory={setHistory} applicationId={applicationId} values={values} />
                </div>
              ))
            )}
          </section>
        );
      })}
      {/* Not while the form loads: its values would show under their key names (English words on a Hindi page) and
          then move into their sections a moment later. Once it failed, they are what there is. */}
      {flow.status !== 'loading' && model.other.length > 0 && (
        <section className="ll-summary-section" aria-labelledby={`${base}-other`} data-testid="summary-other">
          <div className="ll-summary-head">
            <h3 id={`${base}-other`}>{flow.flow ? t('areas.applications.detail.otherValues', undefined, 'Other values') : t('areas.applications.detail.data', undefined, 'Application data')}</h3>
          </div>
          <Rows rows={model.other} onHistory={setHistory} applicationId={applicationId} values={values} />
        </section>
      )}
      {history && <FieldHistory applicationId={applicationId} fieldKey={auditKey(history.key)} label={history.label} format={(v) => formatFieldValue(history.field, v)} onClose={() => setHistory(null)} />}
    </div>
  );
}
