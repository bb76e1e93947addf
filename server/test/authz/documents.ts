import type { InjectOptions } from 'fastify';
import { headersOf, post, type Build, type Caller, type Target } from './builders';

/** A file id that looks real: the access rule must refuse before the handler looks it up. */
const FILE = 'F-000000000000000000000000';
const PDF = Buffer.from('%PDF-1.4\n%matrix\n');

/** A multipart upload (one part "file") to url, as the documents tab sends it. */
const multipart = (url: (a: Target) => string): Build => (c: Caller, a: Target): InjectOptions => {
  const fd = new FormData();
  fd.append('file', new Blob([PDF], { type: 'application/pdf' }), 'matrix.pdf');
  return { method: 'POST', url: url(a), headers: headersOf(c), payload: fd as never };
};

/** Document routes (routes/documents): one request each. */
export const DOCUMENT_REQUESTS: Record<string, Build> = {
  'GET /v3/document/list': (c, a) => ({ method: 'GET', url: `/v3/document/list?application_id=${a.id}`, headers: headersOf(c) }),
  'GET /v3/document/file': (c, a) => ({ method: 'GET', url: `/v3/document/file?application_id=${a.id}&fileId=${FILE}`, headers: headersOf(c) }),
  'POST /v3/deleteDocument': post('/v3/deleteDocument', (a) => ({ application_id: a.id, fileId: FILE, reason: 'Matrix' })),
  'POST /v3/document/updatemetadata': post('/v3/document/updatemetadata', (a) => ({ application_id: a.id, fileId: FILE, docType: 'PAN' })),
  'POST /v3/updateDocument': multipart((a) => `/v3/updateDocument?application_id=${a.id}&fileId=${FILE}`),
  'POST /v3/copyFile': post('/v3/copyFile', (a) => ({ application_id: a.id, fileId: FILE })),
  'POST /v3/mergeDocument': post('/v3/mergeDocument', (a) => ({ application_id: a.id, fileIds: [FILE, 'F-111111111111111111111111'], fileName: 'matrix' })),
  'POST /upload/removeDocument': post('/upload/removeDocument', (a) => ({ application_id: a.id, fileId: FILE })),
  'DELETE /v3/remove/': (c, a) => ({ method: 'DELETE', url: `/v3/remove/?fileId=${FILE}&application_id=${a.id}`, headers: headersOf(c) }),
  'POST /pdfgenerate/generatePDF': post('/pdfgenerate/generatePDF', (a) => ({ application_id: a.id, template_id: 'SANCTION_LETTER', lang: 'hi' })),
  'POST /api/uploadNICtos3': multipart((a) => `/api/uploadNICtos3?app_id=${a.id}&docType=NIC`),
};
