import type { ApplicantType } from '../types';

// What the documents routes answer (the documents tab and every change to a document), typed once for the server
// that writes it (domain/documents) and the remote that reads it (mf-tasks' documents tab). The server's TypeBox
// response schemas (routes/documents/schemas.ts) check the same shapes on the wire.

/** An applicant a document can belong to: primary, co-applicant (secondary) or guarantor. */
export interface DocumentApplicant {
  applicantId: string;
  type: ApplicantType;
  name: string;
}

/** A document (one version of it) as the documents tab shows it and every change answers. */
export interface DocumentView {
  fileId: string;
  docId: string;
  version: number;
  name: string;
  type: string;
  size: number;
  sha256: string | null;
  kind: string;
  source: string;
  fieldKey: string;
  docType: string | null;
  applicantId: string | null;
  applicantType: ApplicantType | null;
  issueDate: string | null;
  expiryDate: string | null;
  verifiedBy: string | null;
  verifiedAt: string | null;
  uploadedBy: string;
  createdAt: string;
  /** False for an older version (superseded by a replacement). */
  current: boolean;
}

/** A document asked of an applicant and not received yet. */
export interface RequestedDocument {
  fieldKey: string;
  label: string;
  applicantId: string;
  applicantType: ApplicantType;
  /** A request for information to the applicant, or a link the applicant chose in the portal's upload hub. */
  via: 'REQUEST_FOR_INFORMATION' | 'UPLOAD_LINK';
  requestedBy: string;
  requestedAt: string | null;
  /** The query of a request for information (its thread is in the queries tab). */
  subTaskId: string | null;
  message: string | null;
}

/** GET of the documents tab: the applicants, each live document's current version with its older ones, and what is still asked for. */
export interface DocumentsTab {
  applicants: DocumentApplicant[];
  documents: Array<DocumentView & { history: DocumentView[] }>;
  requested: RequestedDocument[];
}
