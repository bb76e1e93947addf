import { api, TASKS } from '@lendline/shared';
import type { FieldConfig, FileUploadHubValue, FormValues, UploadedDocument } from '@lendline/shared/form-engine';

/** GET /v3/queries/fetchFieldsForReqInfo/{requestForInfoId}: what the link asks for, pre-filled. */
export interface AskedFields {
  application_id: string;
  applicantFirstName: string;
  message: string;
  expiresAt: string;
  fields: FieldConfig[];
  documents: FieldConfig[];
  values: FormValues;
}

export async function fetchAsked(applicationId: string, secret: string): Promise<AskedFields> {
  // silent: a link that no longer opens is this page's to explain (the §2 invalid-URL page), not the error modal's.
  const reply = await api.get<{ data: AskedFields }>(TASKS.fieldsForReqInfo(secret), { query: { application_id: applicationId }, silent: true });
  return reply.data;
}

/** Files chosen on this page are kept here until the answer is sent; the field holds a local id for each. */
export class PendingFiles {
  private files = new Map<string, File>();
  private seq = 0;
  add(file: File): UploadedDocument {
    const fileId = `local-${++this.seq}`;
    this.files.set(fileId, file);
    return { fileId, name: file.name, size: file.size, type: file.type };
  }
  get(fileId: string | undefined) {
    return fileId ? this.files.get(fileId) : undefined;
  }
}

const base64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/**
 * The body of POST /v3/queries/updateAndResolveQuery: the answer fields as values, and each new document of the
 * asked upload fields as a base64 file (the server stores it with the same checks as every upload).
 */
export async function answerBody(asked: AskedFields, secret: string, values: FormValues, pending: PendingFiles) {
  const docKeys = new Set(asked.documents.map((d) => d.key));
  const files: { fieldKey: string; fileName: string; type: string; content: string }[] = [];
  for (const key of docKeys) {
    for (const doc of (values[key] as FileUploadHubValue | undefined)?.uploadedDocuments ?? []) {
      const file = pending.get(doc.fileId);
      if (file) files.push({ fieldKey: key, fileName: file.name, type: file.type || 'application/octet-stream', content: await base64(file) });
    }
  }
  const answers = Object.fromEntries(Object.entries(values).filter(([k]) => !docKeys.has(k) && asked.fields.some((f) => f.key === k)));
  return { application_id: asked.application_id, requestForInfoId: secret, values: answers, files };
}

export const sendAnswer = (body: Awaited<ReturnType<typeof answerBody>>) => api.post<{ message: string }>(TASKS.updateAndResolveQuery, body);
