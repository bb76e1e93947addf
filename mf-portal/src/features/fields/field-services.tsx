import { createContext, useContext } from 'react';
import type { ApplicantType, MicroflowAction } from '@lendline/shared';
import type { FieldConfig, UploadedDocument } from '@lendline/shared/form-engine';

/**
 * What a field needs from the page around it: which application and applicant it belongs to, and the server
 * calls that upload files, store signatures, send and check one-time codes, and run buttons. The portal's flow
 * provides the real calls; the backstage (which loads FieldRenderer at runtime) provides its own. Without a
 * provider the fields say plainly that the action is not available, rather than pretending to succeed.
 */
export interface FieldServices {
  applicationId?: string | null;
  /** The application's product: what the loan step's cost panel prices by (features/loan-cost). */
  productCode?: string;
  applicantType: ApplicantType;
  /** Upload one file; onProgress gets 0–1. Resolves with the stored document (fileId). */
  uploadFile?(file: File, fieldKey: string, onProgress: (fraction: number) => void): Promise<UploadedDocument>;
  /** Ask for the documents by link instead of uploading now (documentCollectionMode REQUEST). */
  requestDocuments?(fieldKey: string): Promise<void>;
  /** Store a drawn signature (PNG data URI) and return its fileId. */
  uploadSignature?(dataUri: string, fieldKey: string): Promise<string>;
  /** Send a one-time code to the recipient; resolves with where it was sent (masked). */
  sendOtp?(fieldKey: string, recipient: string): Promise<{ sentTo: string }>;
  /** Check the code; resolves verified, or why not (wrong, expired, too many tries…). */
  verifyOtp?(fieldKey: string, recipient: string, code: string): Promise<OtpCheckResult>;
  /** A button field was pressed (SUBMIT, CALCULATE, MICROFLOW…). */
  onButton?(field: FieldConfig): Promise<void> | void;
  /** Run a microflow (§7) with the form's values; resolves with the actions to apply. */
  runMicroflow?(microFlowId: string, componentId: string | undefined, values: Record<string, unknown>): Promise<MicroflowAction[]>;
}

/** The server's answer to a code: verified, or the reason it was not. */
export interface OtpCheckResult {
  verified: boolean;
  reason?: 'WRONG_CODE' | 'EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_CODE' | 'ALREADY_USED';
  attemptsLeft?: number;
}

export const FieldServicesContext = createContext<FieldServices>({ applicantType: 'primary' });

export function useFieldServices(): FieldServices {
  return useContext(FieldServicesContext);
}
