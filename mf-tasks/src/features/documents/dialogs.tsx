import { refusalText } from '@lendline/shared';
import { useEffect, useState } from 'react';
import { AlertDialog, DateField, Dialog, Select, TextArea, TextField } from '@lendline/shared/ui';
import { documentsApi, fetchBlob, type Applicant, type DocumentItem } from './api';
import type { DocT } from './texts';
import { PdfCanvas } from './pdf-canvas';

/** The kit Select's key for "the application itself, no applicant" (its keys cannot be empty). */
const APPLICATION = '*';

interface Common {
  t: DocT;
  applicationId: string;
  doc: DocumentItem;
  onClose(): void;
}

const previewable = (type: string) => type === 'application/pdf' || /^image\/(png|jpeg|gif|webp|bmp)$/.test(type);

/**
 * PDF and images shown in the page. The file is fetched with the session headers; an image is shown from an object
 * URL (CSP img-src blob:), a PDF is drawn onto canvases by pdf.js (pdf-canvas.tsx), so no frame and no browser
 * viewer is involved (the page's CSP keeps frame-src 'self').
 */
export function PreviewDialog({ t, applicationId, doc, onClose }: Common) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!previewable(doc.type)) return;
    let made: string | null = null;
    let live = true;
    fetchBlob(applicationId, doc).then(
      (b) => {
        if (!live) return;
        setBlob(b);
        if (doc.type.startsWith('image/')) {
          made = URL.createObjectURL(b);
          setUrl(made);
        }
      },
      (e) => live && setError(refusalText(e)),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [applicationId, doc]);
  return (
    <Dialog title={t('previewOf', { name: doc.name })} onClose={onClose} wide testId="document-preview" actions={<button type="button" data-close onClick={onClose}>{t('close')}</button>}>
      {!previewable(doc.type) && <p>{t('noPreview')}</p>}
      {error && <p role="alert">{error}</p>}
      {blob && doc.type === 'application/pdf' && (
        <PdfCanvas blob={blob} title={doc.name} moreText={(shown, total) => t('morePages', { shown, total })} onError={(m) => setError(t('previewFailed', { reason: m }))} />
      )}
      {url && doc.type.startsWith('image/') && <img src={url} alt={doc.name} className="ll-doc-image" />}
    </Dialog>
  );
}

export function MetadataDialog({ t, applicationId, doc, applicants, onClose, onSaved }: Common & { applicants: Applicant[]; onSaved(message: string): void }) {
  const [docType, setDocType] = useState(doc.docType ?? '');
  const [applicantId, setApplicantId] = useState(doc.applicantId ?? '');
  const [issueDate, setIssueDate] = useState(doc.issueDate ?? '');
  const [expiryDate, setExpiryDate] = useState(doc.expiryDate ?? '');
  const [verified, setVerified] = useState(Boolean(doc.verifiedBy));
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      const r = await documentsApi.updateMetadata({
        application_id: applicationId, fileId: doc.fileId, docType: docType.trim() || null, applicantId: applicantId || null,
        issueDate: issueDate || null, expiryDate: expiryDate || null, ...(verified !== Boolean(doc.verifiedBy) ? { verified } : {}),
      });
      onSaved(r.code === 'resubmission' ? t('resubmitted') : t('saved'));
    } catch (e) {
      setError(refusalText(e));
    }
  };
  return (
    <Dialog title={t('editOf', { name: doc.name })} onClose={onClose} testId="document-metadata" actions={<><button type="button" className="ll-button--secondary" data-close onClick={onClose}>{t('cancel')}</button><button type="button" onClick={save}>{t('save')}</button></>}>
      <TextField label={t('type')} value={docType} onChange={(v) => setDocType(v.slice(0, 60))} />
      <Select
        label={t('applicant')}
        value={applicantId || APPLICATION}
        onChange={(v) => setApplicantId(v === APPLICATION ? '' : v)}
        options={[{ id: APPLICATION, label: t('unassigned') }, ...applicants.map((a) => ({ id: a.applicantId, label: `${a.name} · ${t(a.type)}` }))]}
      />
      <DateField label={t('issueDate')} value={issueDate || null} onChange={(v) => setIssueDate(v ?? '')} testId="document-issue-date" />
      <DateField label={t('expiryDate')} value={expiryDate || null} min={issueDate || undefined} onChange={(v) => setExpiryDate(v ?? '')} testId="document-expiry-date" />
      <label className="ll-check"><input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} /> {t('markVerified')}</label>
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}

export function CopyDialog({ t, applicationId, doc, applicants, onClose, onSaved }: Common & { applicants: Applicant[]; onSaved(message: string): void }) {
  const others = applicants.filter((a) => a.applicantId !== doc.applicantId);
  const [to, setTo] = useState(others[0]?.applicantId ?? '');
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    try {
      await documentsApi.copy({ application_id: applicationId, fileId: doc.fileId, ...(to ? { toApplicantId: to } : {}) });
      onSaved(t('saved'));
    } catch (e) {
      setError(refusalText(e));
    }
  };
  return (
    <Dialog title={t('copyOf', { name: doc.name })} onClose={onClose} actions={<><button type="button" className="ll-button--secondary" data-close onClick={onClose}>{t('cancel')}</button><button type="button" onClick={copy}>{t('copy')}</button></>}>
      <Select label={t('copyTo')} value={to || null} onChange={setTo} options={others.map((a) => ({ id: a.applicantId, label: `${a.name} · ${t(a.type)}` }))} />
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}

export function DeleteDialog({ t, applicationId, doc, onClose, onSaved }: Common & { onSaved(message: string): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    try {
      const r = await documentsApi.remove({ application_id: applicationId, fileId: doc.fileId, reason });
      onSaved(r.message);
    } catch (e) {
      setError(refusalText(e));
    }
  };
  return (
    // Destructive: an alert dialog (read out at once, an explicit answer needed); focus starts in the reason.
    <AlertDialog title={t('deleteOf', { name: doc.name })} onClose={onClose} testId="document-delete" actions={<><button type="button" className="ll-button--secondary" data-close onClick={onClose}>{t('cancel')}</button><button type="button" className="ll-button--danger" disabled={!reason.trim()} onClick={remove}>{t('delete')}</button></>}>
      <p>{t('deleteHint')}</p>
      <TextArea label={t('deleteReason')} value={reason} maxLength={500} onChange={setReason} />
      {error && <p role="alert">{error}</p>}
    </AlertDialog>
  );
}

export function MergeDialog({ t, applicationId, fileIds, onClose, onSaved }: { t: DocT; applicationId: string; fileIds: string[]; onClose(): void; onSaved(message: string): void }) {
  const [name, setName] = useState('merged.pdf');
  const [error, setError] = useState<string | null>(null);
  const merge = async () => {
    try {
      const r = await documentsApi.merge({ application_id: applicationId, fileIds, fileName: name.trim() });
      onSaved(t('generated', { name: r.data.name }));
    } catch (e) {
      setError(refusalText(e));
    }
  };
  return (
    <Dialog title={t('mergeSelected', { count: fileIds.length })} onClose={onClose} testId="document-merge" actions={<><button type="button" className="ll-button--secondary" data-close onClick={onClose}>{t('cancel')}</button><button type="button" disabled={!name.trim()} onClick={merge}>{t('merge')}</button></>}>
      <TextField label={t('mergeName')} value={name} onChange={(v) => setName(v.slice(0, 120))} />
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}

export function GenerateDialog({ t, applicationId, onClose, onSaved }: { t: DocT; applicationId: string; onClose(): void; onSaved(message: string): void }) {
  const [templates, setTemplates] = useState<{ id: string; name: string }[]>([]);
  const [templateId, setTemplateId] = useState('SANCTION_LETTER');
  const [lang, setLang] = useState<'en' | 'hi'>('en');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    documentsApi.templates().then(
      (list) => {
        const byId = new Map<string, string>();
        for (const v of list) byId.set(v.template_id, v.template_name);
        setTemplates([...byId].map(([id, name]) => ({ id, name })));
      },
      (e) => setError(refusalText(e)),
    );
  }, []);
  const generate = async () => {
    setBusy(true);
    try {
      const r = await documentsApi.generate({ application_id: applicationId, template_id: templateId, lang });
      onSaved(t('generated', { name: r.data.name }));
    } catch (e) {
      setError(refusalText(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('generate')} onClose={onClose} testId="document-generate" actions={<><button type="button" className="ll-button--secondary" data-close onClick={onClose}>{t('cancel')}</button><button type="button" disabled={busy} onClick={generate}>{t('generate')}</button></>}>
      <Select
        label={t('template')}
        value={templateId}
        onChange={setTemplateId}
        options={(templates.length ? templates : [{ id: 'SANCTION_LETTER', name: 'Sanction letter' }]).map((x) => ({ id: x.id, label: x.name }))}
      />
      <Select label={t('language')} value={lang} onChange={(v) => setLang(v as 'en' | 'hi')} options={[{ id: 'en', label: t('lang_en') }, { id: 'hi', label: t('lang_hi') }]} />
      {error && <p role="alert">{error}</p>}
    </Dialog>
  );
}
