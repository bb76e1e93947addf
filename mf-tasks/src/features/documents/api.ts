import { api, ApiError, buildHeaders, DOCUMENTS, sessionStore, type DocumentApplicant, type DocumentsTab, type DocumentView, type RequestedDocument } from '@lendline/shared';

/** A document as the server lists it (the wire's DocumentView), with its older versions in the tab's list. */
export type DocumentItem = DocumentView & { history?: DocumentView[] };
export type Applicant = DocumentApplicant;
export type RequestedItem = RequestedDocument;
export type DocumentsTabData = DocumentsTab;

/** §8: a save whose code is not '200' is an error with its message, except 'resubmission', which is ignored. */
export interface Saved {
  code: '200' | 'resubmission';
  message: string;
  data: DocumentItem;
}


function checkSaved<T extends { code: string; message: string }>(reply: T): T {
  if (reply.code !== '200' && reply.code !== 'resubmission') throw new Error(reply.message);
  return reply;
}

export const documentsApi = {
  list: (applicationId: string) =>
    api.get<{ data: DocumentsTabData }>(DOCUMENTS.list, { query: { application_id: applicationId }, silent: true }).then((r) => r.data),
  updateMetadata: async (body: { application_id: string; fileId: string; docType?: string | null; applicantId?: string | null; issueDate?: string | null; expiryDate?: string | null; verified?: boolean }) =>
    checkSaved(await api.post<Saved>(DOCUMENTS.updateMetadata, body, { silent: true })),
  copy: async (body: { application_id: string; fileId: string; toApplicantId?: string; docType?: string }) => checkSaved(await api.post<Saved>(DOCUMENTS.copy, body, { silent: true })),
  merge: async (body: { application_id: string; fileIds: string[]; fileName: string }) => checkSaved(await api.post<Saved>(DOCUMENTS.merge, body, { silent: true })),
  remove: async (body: { application_id: string; fileId: string; reason: string }) => checkSaved(await api.post<{ code: string; message: string }>(DOCUMENTS.delete, body, { silent: true })),
  generate: async (body: { application_id: string; template_id: string; lang: string }) => checkSaved(await api.post<Saved>(DOCUMENTS.generatePdf, body, { silent: true })),
  templates: () =>
    api
      .post<{ data: { template_id: string; template_name: string; template_type: string; verNum: number }[] }>('/v3/template/templateListAllVersion', { templateTypesArray: ['PDF'] }, { silent: true })
      .then((r) => r.data),
};

const sessionHeaders = (method: 'GET' | 'POST', path: string) => {
  const h = buildHeaders({ method, path, session: sessionStore.getState().session });
  delete h['Content-Type']; // multipart sets its own boundary
  return h;
};

/**
 * One file as multipart/form-data (streamed by the server, never buffered whole) with upload progress (0..1):
 * XMLHttpRequest, since fetch reports no upload progress. Rejects with ApiError carrying the §8 body.
 */
export function uploadFile(path: string, file: File, onProgress: (fraction: number) => void): Promise<Saved | { code: '200'; data: { fileId: string } }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [k, v] of Object.entries(sessionHeaders('POST', path))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 200 && body && typeof body === 'object') {
        try {
          resolve(checkSaved(body as Saved));
        } catch (e) {
          reject(e);
        }
      } else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'The upload could not reach the server'));
    const fd = new FormData();
    fd.append('file', file, file.name);
    xhr.send(fd);
  });
}

export const uploadPath = (applicationId: string, applicantId?: string, docType?: string) =>
  `${DOCUMENTS.uploadLocalFile}?${new URLSearchParams({ app_id: applicationId, ...(applicantId ? { applicantId } : {}), ...(docType ? { docType } : {}) })}`;
export const replacePath = (applicationId: string, fileId: string) => `${DOCUMENTS.update}?${new URLSearchParams({ application_id: applicationId, fileId })}`;

/** A file as a blob with the session headers (§7: access_token and sessionId; file_name URL-encoded). */
export async function fetchBlob(applicationId: string, doc: { fileId: string; name: string }): Promise<Blob> {
  const path = `${DOCUMENTS.file}?application_id=${encodeURIComponent(applicationId)}&fileId=${encodeURIComponent(doc.fileId)}&file_name=${encodeURIComponent(doc.name)}`;
  const res = await fetch(path, { headers: sessionHeaders('GET', path) });
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, body);
  }
  return res.blob();
}
