import { useId, useRef, useState, type DragEvent } from 'react';
import type { Applicant } from './api';
import type { UploadEntry } from './store';
import type { DocT } from './texts';

export interface UploadZoneProps {
  t: DocT;
  applicants: Applicant[];
  uploads: UploadEntry[];
  onFiles(files: File[], meta: { applicantId?: string; docType?: string }): void;
}

/** Drop several files (or pick them): each uploads on its own with a progress bar; a refused file says why. */
export function UploadZone({ t, applicants, uploads, onFiles }: UploadZoneProps) {
  const id = useId();
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
        <label htmlFor={`${id}-who`}>{t('uploadFor')}</label>
        <select id={`${id}-who`} value={applicantId} onChange={(e) => setApplicantId(e.target.value)}>
          <option value="">{t('unassigned')}</option>
          {applicants.map((a) => (
            <option key={a.applicantId} value={a.applicantId}>
              {a.name} · {t(a.type)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-type`}>{t('uploadType')}</label>
        <input id={`${id}-type`} value={docType} maxLength={60} onChange={(e) => setDocType(e.target.value)} placeholder="PAN, AADHAAR, SALARY_SLIP" />
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
