import type { FieldServices } from '../features/fields/field-services';
import { runMicroflow, sendOtp, uploadDocument, uploadSignature, verifyOtp } from '../api/portal-api';
import type { ApplicantType } from '@lendline/shared';

/** The real server calls behind the fields of one applicant of one application. */
export function flowServices(applicationId: string, applicantId: string, applicantType: ApplicantType): FieldServices {
  return {
    applicationId,
    applicantType,
    uploadFile: (file, fieldKey, onProgress) => uploadDocument(applicationId, applicantId, fieldKey, file, onProgress),
    uploadSignature: (dataUri, fieldKey) => uploadSignature(applicationId, applicantId, fieldKey, dataUri),
    sendOtp: (fieldKey, recipient) => sendOtp({ application_id: applicationId, applicantId, fieldKey }, recipient),
    verifyOtp: (fieldKey, recipient, code) => verifyOtp({ application_id: applicationId, applicantId, fieldKey }, recipient, code),
    runMicroflow: (microFlowId, componentId, values) => runMicroflow(applicationId, applicantId, microFlowId, componentId, values),
  };
}
