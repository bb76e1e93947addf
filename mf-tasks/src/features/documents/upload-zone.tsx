import { useRef, useState, type DragEvent } from 'react';
import { Select, TextField } from '@lendline/shared/ui';
import type { Applicant } from './api';
import type { UploadEntry } from './store';
import type { DocT } from './texts';

export interface UploadZoneProps {
  t: DocT;
  applicants: Applicant[];
  uploads: UploadEntry[];
  onFiles(files: File[], meta: { applicantId?: string; docType?: string }): void;
}

/** The kit Select's key for "the application itself, no applicant" (its keys cannot be empty). */
const APPLICATION = '*';

/** Drop several files (or pick them): each uploads on its own with a progress bar; a refused file says why. */
export function UploadZone({ t, applicants, uploads, onFiles }: UploadZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [applicantId, setApplicantId] = useState('');
  const [docType, setDocType] = useState('');
  const send = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length) onFiles(files, { applicantId: applicantId || undefined, docType: docType.trim() || undefined });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    send(e.dataTransfer.files);
  };
  return (
    <section className="ll-doc-upload" aria-label={t('choose')}>
      <div className="ll-doc-upload-meta">
        <Select
          label={t('uploadFor')}
          value={applicantId || APPLICATION}
          onChange={(v) => setApplicantId(v === APPLICATION ? '' : v)}
          options={[{ id: APPLICATION, label: t('unassigned') }, ...applicants.map((a) => ({ id: a.applicantId, label: `${a.name} · ${t(a.type)}` }))]}
          testId="upload-for"
        />
        <TextField label={t('uploadType')} value={docType} onChange={(v) => setDocType(v.slice(0, 60))} description="PAN, AADHAAR, SALARY_SLIP" testId="upload-type" />
      </div>
      <div
        className={over ? 'll-doc-drop ll-doc-drop--over' : 'll-doc-drop'}
        data-testid="document-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {t('dropHere')}{' '}
        <button type="button" className="ll-link-button" onClick={() => input.current?.click()}>
          {t('choose')}
        </button>
        <input ref={input} type="file" multiple hidden data-testid="document-input" onChange={(e) => { send(e.target.files); e.target.value = ''; }} />
      </div>
      {uploads.length > 0 && (
        <ul className="ll-doc-uploads" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.id} data-status={u.status}>
              {u.status === 'uploading' && (
                <>
                  <span>{t('uploading', { name: u.name })}</span>
                  <progress max={1} value={u.progress} aria-label={t('uploading', { name: u.name })} />
                </>
              )}
              {u.status === 'done' && <span>{t('uploaded', { name: u.name })}</span>}
              {u.status === 'refused' && <span role="alert">{t('refused', { name: u.name, reason: u.reason ?? '' })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
