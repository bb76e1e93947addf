import type { FieldServices } from '../features/fields/field-services';
import { runMicroflow, sendMyLink, sendOtp, uploadDocument, uploadSignature, verifyOtp } from '../api/portal-api';
import type { ApplicantType } from '@lendline/shared';

/**
 * The real server calls behind the fields of one applicant of one application. Asking for an upload link needs the
 * applicant's e-mail address: without one the upload hub offers uploading only.
 */
export function flowServices(applicationId: string, applicantId: string, applicantType: ApplicantType, email?: string): FieldServices {
  return {
    applicationId,
    applicantType,
    uploadFile: (file, fieldKey, onProgress) => uploadDocument(applicationId, applicantId, fieldKey, file, onProgress),
    uploadSignature: (dataUri, fieldKey) => uploadSignature(applicationId, applicantId, fieldKey, dataUri),
    sendOtp: (fieldKey, recipient) => sendOtp({ application_id: applicationId, applicantId, fieldKey }, recipient),
    verifyOtp: (fieldKey, recipient, code) => verifyOtp({ application_id: applicationId, applicantId, fieldKey }, recipient, code),
    requestDocuments: email ? async () => void (await sendMyLink(applicationId, applicantId, email)) : undefined,
    runMicroflow: (microFlowId, componentId, values) => runMicroflow(applicationId, applicantId, microFlowId, componentId, values),
  };
}
