import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { formatDateTime, refusalText } from '@lendline/shared';
import { fetchBlob, replacePath, uploadFile, type Applicant, type DocumentItem, type RequestedItem } from './api';
import { createDocumentsStore } from './store';
import { useDocT, type DocT } from './texts';
import { UploadZone } from './upload-zone';
import { CopyDialog, DeleteDialog, GenerateDialog, MergeDialog, MetadataDialog, PreviewDialog } from './dialogs';
import { ensureDocumentStyles } from './styles';
import { Menu } from '@lendline/shared/ui';
import { CheckIcon } from '@lendline/shared/ui/icons';

/** What mf-applications passes to every tab it loads from this remote. */
export interface DocumentsTabProps {
  applicationId: string;
  taskId?: string | null;
  application?: unknown;
  onChanged?(): void;
}

type Open =
  | { kind: 'preview' | 'edit' | 'copy' | 'delete'; doc: DocumentItem }
  | { kind: 'merge' }
  | { kind: 'generate' }
  | null;

const sizeOf = (n: number) => (n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);
const timeOf = (iso: string) => formatDateTime(iso);

/**
 * Groups: applicant (primary, co-applicants, guarantors, then the application's own), then document type; each
 * applicant's documents asked for and not received yet come with their group (an applicant may have nothing else).
 */
function grouped(applicants: Applicant[], docs: DocumentItem[], requested: RequestedItem[]) {
  const order = [...applicants.map((a) => a.applicantId), null];
  return order
    .map((id) => {
      const mine = docs.filter((d) => (d.applicantId ?? null) === id || (id === null && d.applicantId && !applicants.some((a) => a.applicantId === d.applicantId)));
      const types = [...new Set(mine.map((d) => d.docType ?? ''))].sort();
      return {
        applicant: applicants.find((a) => a.applicantId === id) ?? null,
        types: types.map((type) => ({ type, docs: mine.filter((d) => (d.docType ?? '') === type) })),
        requested: id === null ? [] : requested.filter((r) => r.applicantId === id),
      };
    })
    .filter((g) => g.types.length || g.requested.length);
}

/**
 * The documents tab of the application detail (§2; loaded by mf-applications as mf_tasks/DocumentsTab): documents by
 * applicant and type with version, size, uploader and time; drag-and-drop upload of several files with progress and
 * the reason a file is refused; preview of PDFs and images; download; metadata; new version (history kept); copy to
 * another applicant; merge of a selection into one PDF; delete with a reason; PDFs generated from templates.
 */
export default function DocumentsTab({ applicationId, onChanged }: DocumentsTabProps) {
  const t = useDocT();
  // The host may pass a new onChanged on every render: read it through a ref so the store lives as long as the tab.
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const store = useMemo(() => createDocumentsStore(applicationId, () => changed.current?.()), [applicationId]);
  const { data, loading, error, uploads, selected } = useStore(store);
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    ensureDocumentStyles();
    void store.getState().load();
  }, [store]);

  const done = (message: string) => {
    setOpen(null);
    setStatus(message);
    store.getState().clearSelection();
    void store.getState().load();
    changed.current?.();
  };

  if (!data && loading) return <p aria-busy="true">{t('loading')}</p>;
  if (!data) return <p role="alert">{t('loadFailed')} {error}</p>;

  return (
    <div className="ll-documents" data-testid="documents-tab">
      <div className="ll-doc-toolbar">
        <h3>{t('title')}</h3>
        <button type="button" disabled={selected.length < 2} onClick={() => setOpen({ kind: 'merge' })}>
          {t('mergeSelected', { count: selected.length })}
        </button>
        <button type="button" onClick={() => setOpen({ kind: 'generate' })}>{t('generate')}</button>
      </div>
      {status && <p role="status" className="ll-notice">{status}</p>}
      {error && <p role="alert">{error}</p>}
      <UploadZone t={t} applicants={data.applicants} uploads={uploads} onFiles={(files, meta) => void store.getState().upload(files, meta)} />
      {data.documents.length === 0 && !data.requested?.length && <p className="ll-muted">{t('empty')}</p>}
      {grouped(data.applicants, data.documents, data.requested ?? []).map((g) => (
        <section key={g.applicant?.applicantId ?? 'application'} className="ll-doc-group" aria-label={g.applicant ? `${g.applicant.name} · ${t(g.applicant.type)}` : t('unassigned')}>
          <h4>{g.applicant ? `${g.applicant.name} · ${t(g.applicant.type)}` : t('unassigned')}</h4>
          {g.requested.length > 0 && <RequestedList t={t} items={g.requested} />}
          {g.types.map(({ type, docs }) => (
            <DocumentTable key={type} t={t} title={type || t('noType')} docs={docs} selected={selected} applicationId={applicationId}
              onToggle={(id) => store.getState().toggle(id)} onOpen={setOpen} onReplaced={done} onError={setStatus} />
          ))}
        </section>
      ))}
      {open?.kind === 'preview' && <PreviewDialog t={t} applicationId={applicationId} doc={open.doc} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <MetadataDialog t={t} applicationId={applicationId} doc={open.doc} applicants={data.applicants} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'copy' && <CopyDialog t={t} applicationId={applicationId} doc={open.doc} applicants={data.applicants} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'delete' && <DeleteDialog t={t} applicationId={applicationId} doc={open.doc} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'merge' && <MergeDialog t={t} applicationId={applicationId} fileIds={selected} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'generate' && <GenerateDialog t={t} applicationId={applicationId} onClose={() => setOpen(null)} onSaved={done} />}
    </div>
  );
}

/** The documents of one applicant asked for and not received: a placeholder per field until the file arrives. */
function RequestedList({ t, items }: { t: DocT; items: RequestedItem[] }) {
  return (
    <ul className="ll-doc-requested" aria-label={t('requested')}>
      {items.map((r) => (
        <li key={`${r.via}-${r.subTaskId ?? ''}-${r.fieldKey}`} data-testid="document-requested" data-field={r.fieldKey}>
          <strong>{r.label}</strong> · <span className="ll-badge">{t('requested')}</span> ·{' '}
          {r.requestedAt ? t('requestedBy', { user: r.requestedBy, time: timeOf(r.requestedAt) }) : t('requestedByUndated', { user: r.requestedBy })} (
          {r.via === 'REQUEST_FOR_INFORMATION' ? t('viaRequest') : t('viaLink')})
          {r.message && <div className="ll-muted">{r.message}</div>}
        </li>
      ))}
    </ul>
  );
}

interface TableProps {
  t: DocT;
  title: string;
  docs: DocumentItem[];
  selected: string[];
  applicationId: string;
  onToggle(fileId: string): void;
  onOpen(open: Open): void;
  onReplaced(message: string): void;
  onError(message: string): void;
}

/**
 * The table fits its panel at 1280 px and up (issue 26): four columns — the name with its type, version and size on a
 * second line; who uploaded it and when; Preview as the row's one button and the rest in a menu (UI kit Menu).
 */
function DocumentTable({ t, title, docs, selected, applicationId, onToggle, onOpen, onReplaced, onError }: TableProps) {
  return (
    <table className="ll-table ll-doc-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col" className="ll-doc-check"><span className="ll-visually-hidden">{t('select', { name: '' })}</span></th>
          <th scope="col">{t('name')}</th>
          <th scope="col">{t('uploader')}</th>
          <th scope="col" className="ll-doc-actions-head">{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {docs.map((d) => (
          <DocumentRow key={d.fileId} t={t} doc={d} checked={selected.includes(d.fileId)} applicationId={applicationId} onToggle={onToggle} onOpen={onOpen} onReplaced={onReplaced} onError={onError} />
        ))}
      </tbody>
    </table>
  );
}

/** The name cell: the name, then type · version · size (and the verification mark) on a second line. */
function NameCell({ t, doc, children }: { t: DocT; doc: DocumentItem; children?: ReactNode }) {
  return (
    <td className="ll-doc-name">
      <span className="ll-doc-title">{doc.name}</span>
      <span className="ll-doc-meta">
        {doc.type} · v{doc.version} · {sizeOf(doc.size)}
        {doc.verifiedBy && <span className="ll-doc-verified"> · <CheckIcon /> {t('verified', { user: doc.verifiedBy })}</span>}
      </span>
      {children}
    </td>
  );
}

const ByCell = ({ doc }: { doc: DocumentItem }) => (
  <td className="ll-doc-by">
    <span>{doc.uploadedBy}</span>
    <span className="ll-doc-meta">{timeOf(doc.createdAt)}</span>
  </td>
);

function DocumentRow({ t, doc, checked, applicationId, onToggle, onOpen, onReplaced, onError }: Omit<TableProps, 'title' | 'docs' | 'selected'> & { doc: DocumentItem; checked: boolean }) {
  const replace = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const download = async (d: DocumentItem) => {
    try {
      const url = URL.createObjectURL(await fetchBlob(applicationId, d));
      const a = document.createElement('a');
      a.href = url;
      a.download = d.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      onError(refusalText(e));
    }
  };
  const onReplace = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const r = await uploadFile(replacePath(applicationId, doc.fileId), file, setProgress);
      // §8: 'resubmission' (the same bytes again) is not an error and changes nothing.
      onReplaced(r.code === 'resubmission' ? t('resubmitted') : t('saved'));
    } catch (e) {
      onError(t('refused', { name: file.name, reason: refusalText(e) }));
    } finally {
      setProgress(null);
    }
  };
  const history = doc.history ?? [];
  const actions = [
    { id: 'download', label: t('download') },
    { id: 'edit', label: t('edit') },
    { id: 'replace', label: t('replace') },
    { id: 'copy', label: t('copy') },
    { id: 'delete', label: t('delete') },
    ...(history.length ? [{ id: 'history', label: t('history', { count: history.length }) }] : []),
  ];
  const act = (id: string) => {
    if (id === 'download') void download(doc);
    else if (id === 'replace') replace.current?.click();
    else if (id === 'history') setShowHistory(!showHistory);
    else onOpen({ kind: id as 'edit' | 'copy' | 'delete', doc });
  };
  return (
    <>
      <tr data-testid="document-row" data-name={doc.name}>
        <td className="ll-doc-check"><input type="checkbox" checked={checked} aria-label={t('select', { name: doc.name })} onChange={() => onToggle(doc.fileId)} /></td>
        <NameCell t={t} doc={doc}>
          {progress !== null && <progress max={1} value={progress} aria-label={t('uploading', { name: doc.name })} />}
        </NameCell>
        <ByCell doc={doc} />
        <td className="ll-doc-actions">
          <button type="button" onClick={() => onOpen({ kind: 'preview', doc })}>{t('preview')}</button>
          <Menu label="⋯" ariaLabel={t('more', { name: doc.name })} items={actions} onAction={act} testId="document-more" />
          <input ref={replace} type="file" hidden data-testid="document-replace" onChange={(e) => { void onReplace(e.target.files?.[0]); e.target.value = ''; }} />
        </td>
      </tr>
      {showHistory &&
        history.map((h) => (
          <tr key={h.fileId} className="ll-doc-old" data-testid="document-history-row">
            <td />
            <NameCell t={t} doc={h} />
            <ByCell doc={h} />
            <td className="ll-doc-actions">
              <button type="button" onClick={() => onOpen({ kind: 'preview', doc: h })}>{t('preview')}</button>
              <button type="button" className="ll-button--secondary" onClick={() => void download(h)}>{t('download')}</button>
            </td>
          </tr>
        ))}
    </>
  );
}
