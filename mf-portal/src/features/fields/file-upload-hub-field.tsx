import { useRef, useState, type DragEvent } from 'react';
import { MAX_FILE_SIZE_BYTES } from '@lendline/shared';
import type { FileKind, FileUploadHubValue, UploadedDocument } from '@lendline/shared/form-engine';
import { ALLOWED_FILE_KINDS, checkFile } from '@lendline/shared/form-engine';
import { errorText } from './error-text';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useFieldServices } from './field-services';
import { useConfigField } from './use-config-field';
import { useFinePointer } from '../../lib/fine-pointer';

const ACCEPT: Record<FileKind, string> = {
  image: 'image/*',
  doc: '.doc,.docx,.odt,.rtf,.txt',
  pdf: 'application/pdf,.pdf',
  xls: '.xls,.xlsx,.ods,.csv',
  application: 'application/*',
  compress: '.zip,.rar,.7z,.gz,.tar,.tgz',
  video: 'video/*',
};

interface Upload {
  name: string;
  fraction: number;
}

/**
 * The document hub: drop files (said only where there is a mouse to drag with) or pick them (the drop zone is a real button, so keyboard and phone users get the
 * native picker), each checked for §5 type and the 10 MB limit before any byte is sent, then uploaded with a
 * progress bar. documentCollectionMode REQUEST lets the applicant ask for an upload link instead (requestSent).
 */
export function FileUploadHubField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<FileUploadHubValue>(field, name, disabled);
  const services = useFieldServices();
  const ids = fieldIds(name);
  const picker = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const finePointer = useFinePointer();
  const [linkState, setLinkState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const allowed = (field.field_type_details.allowed_file_types as FileKind[] | undefined) ?? [...ALLOWED_FILE_KINDS];
  const mode = (input.value?.documentCollectionMode ?? field.field_type_details.documentCollectionMode ?? 'UPLOAD') as string;
  const value: FileUploadHubValue = { ...(input.value ?? {}), uploadedDocuments: input.value?.uploadedDocuments ?? [], documentCollectionMode: mode };
  // Keep the latest value across awaits: several files may finish in any order.
  const latest = useRef(value);
  latest.current = value;

  const setValue = (next: FileUploadHubValue) => {
    latest.current = next;
    input.onChange(next);
  };

  const addFiles = async (files: FileList | File[]) => {
    const list = Array.from(files);
    const bad: string[] = [];
    const good: File[] = [];
    for (const f of list) {
      const why = checkFile(f, allowed);
      if (why) bad.push(`${f.name}: ${errorText(t, field, why)}`);
      else good.push(f);
    }
    setRejections(bad);
    input.onBlur();
    if (good.length && !services.uploadFile) {
      setRejections([...bad, t('portal.fields.uploadUnavailable', undefined, 'Uploading is not available here.')]);
      return;
    }
    await Promise.all(
      good.map(async (f) => {
        setUploads((u) => [...u, { name: f.name, fraction: 0 }]);
        try {
          const doc = await services.uploadFile!(f, field.key, (fraction) =>
            setUploads((u) => u.map((x) => (x.name === f.name ? { ...x, fraction } : x))),
          );
          setValue({ ...latest.current, uploadedDocuments: [...latest.current.uploadedDocuments, doc] });
        } catch (e) {
          setRejections((r) => [...r, `${f.name}: ${e instanceof Error ? e.message : String(e)}`]);
        } finally {
          setUploads((u) => u.filter((x) => x.name !== f.name));
        }
      }),
    );
  };

  const remove = (doc: UploadedDocument) => setValue({ ...value, uploadedDocuments: value.uploadedDocuments.filter((d) => d !== doc) });

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) void addFiles(e.dataTransfer.files);
  };

  const requestLink = async () => {
    if (!services.requestDocuments) return;
    setLinkState('sending');
    try {
      await services.requestDocuments(field.key);
      setValue({ ...latest.current, requestSent: true });
      setLinkState('idle');
    } catch {
      setLinkState('failed');
    }
  };

  const limitMb = Math.round(MAX_FILE_SIZE_BYTES / 1048576);
  const hint = t('portal.fields.fileHint', { types: allowed.join(', '), size: limitMb }, `Allowed: ${allowed.join(', ')}; up to ${limitMb} MB each`);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend" hint={hint}>
      {mode === 'REQUEST' && (
        <p className="ll-notice">
          {value.requestSent
            ? t('portal.fields.requestSent', undefined, 'We have sent you a link to upload these documents later.')
            : t('portal.fields.requestMode', undefined, 'You can upload now, or ask for a link to upload later.')}{' '}
          {!value.requestSent && services.requestDocuments && (
            <button type="button" className="ll-button--secondary" onClick={requestLink} disabled={disabled || linkState === 'sending'}>
              {linkState === 'sending' ? t('portal.fields.sendingLink', undefined, 'Sending…') : t('portal.fields.sendLink', undefined, 'Send me a link')}
            </button>
          )}
          {linkState === 'failed' && (
            <span role="alert" className="ll-field-error">
              {t('portal.fields.sendLinkFailed', undefined, 'The link could not be sent. Please try again, or upload the documents now.')}
            </span>
          )}
        </p>
      )}
      <div
        className={`ll-dropzone${over ? ' ll-dropzone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <button
          type="button"
          id={ids.input}
          className="ll-button--secondary"
          disabled={disabled}
          aria-describedby={describedBy(ids.hint, errorMessage && ids.error, rejections.length > 0 && `${ids.error}-files`)}
          aria-invalid={errorMessage || rejections.length ? true : undefined}
          onClick={() => picker.current?.click()}
        >
          {t('portal.fields.chooseFiles', undefined, 'Choose files')}
        </button>
        {finePointer && <span className="ll-muted"> {t('portal.fields.orDrop', undefined, 'or drop them here')}</span>}
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid={`${field.key}-input`}
          accept={allowed.map((k) => ACCEPT[k]).join(',')}
          onChange={(e) => {
            if (e.target.files) void addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {rejections.length > 0 && (
        <ul className="ll-field-error" id={`${ids.error}-files`} role="alert">
          {rejections.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {uploads.map((u) => (
        <div key={u.name} className="ll-upload">
          <span>{u.name}</span>
          <progress max={1} value={u.fraction} aria-label={t('portal.fields.uploading', { name: u.name }, `Uploading ${u.name}`)} />
        </div>
      ))}
      {value.uploadedDocuments.length > 0 && (
        <ul className="ll-doc-list" aria-label={t('portal.fields.uploaded', undefined, 'Uploaded documents')}>
          {value.uploadedDocuments.map((d, i) => (
            <li key={(d.fileId ?? d.name) + i}>
              <span>{d.name}</span> <span className="ll-muted">({Math.max(1, Math.round(d.size / 1024))} KB)</span>{' '}
              <button type="button" className="ll-button--secondary" disabled={disabled} onClick={() => remove(d)} aria-label={t('portal.fields.removeFile', { name: d.name }, `Remove ${d.name}`)}>
                {t('portal.fields.remove', undefined, 'Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
