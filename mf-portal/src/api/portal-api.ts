import { api, APPLICATIONS, CONFIG, DOCUMENTS, OTHER, buildHeaders, i18nStore, sessionStore } from '@lendline/shared';
import type { ApplicantType, MicroflowAction, MicroflowReply, PortalStartInput, SectionProgress, SingleOrJoint } from '@lendline/shared';
import type { FlowConfig, FormValues, UploadedDocument } from '@lendline/shared/form-engine';
import { applyAppRef, rememberAppRef } from '../lib/app-ref-store';

/** The application as GET /v3/application/{id} and the consumer save answer it (the fields the portal reads). */
export interface PortalApplication {
  application_id: string;
  product_code: string;
  product_name?: string;
  maximumJointApplicants?: number;
  application_status: string;
  singleORjoint: SingleOrJoint;
  existing_or_new_customer?: 'new' | 'existing';
  applicant: PortalApplicant[];
  customFields: FormValues;
  progress: SectionProgress[];
  section_id?: string;
  sub_section_id?: string;
  flowId: string;
  flowVerNum: number;
  verNum: number;
  assignedToCurrentUser?: boolean;
}

export interface PortalApplicant {
  applicantId: string;
  type: ApplicantType;
  values?: FormValues;
  progress?: SectionProgress[];
  section_id?: string;
  sub_section_id?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  submittedAt?: string;
}

export const PORTAL = {
  otpSend: '/v3/portal/otp/send',
  otpVerify: '/v3/portal/otp/verify',
  sendLink: '/v3/portal/applicants/send-link',
  payments: '/v3/portal/payments',
  kfs: '/v3/kfs',
  kfsSendCode: '/v3/kfs/send-code',
  kfsAccept: '/v3/kfs/accept',
  kfsFile: '/v3/kfs/file',
} as const;

export async function loadApplication(id: string): Promise<PortalApplication> {
  applyAppRef(id);
  return (await api.get<{ data: PortalApplication }>(APPLICATIONS.byId(id))).data;
}

/** The flow with its labels and section names in `lang` where the configuration has them. */
export async function loadFlow(app: Pick<PortalApplication, 'flowId' | 'flowVerNum'>, lang = 'en'): Promise<FlowConfig> {
  const url = CONFIG.flowConfigById(app.flowVerNum, app.flowId) + (lang === 'en' ? '' : `?lang=${encodeURIComponent(lang)}`);
  return (await api.get<{ data: FlowConfig }>(url)).data;
}

/** The start request is part of the contract: one type for portal and server. */
export type StartInput = PortalStartInput;

/** Consumer save is sent AES-encrypted (§7, §9). The reply carries the new application's appRefId, once: kept. */
export async function startApplication(input: StartInput): Promise<PortalApplication> {
  const reply = await api.post<{ data: PortalApplication; appRefId?: string }>(APPLICATIONS.consumerSave, input, { encrypt: true });
  if (reply.appRefId) rememberAppRef(reply.data.application_id, reply.appRefId);
  return reply.data;
}

export interface SaveInput {
  application_id: string;
  applicantId?: string;
  section_id: string;
  sub_section_id: string;
  values: FormValues;
  draft?: boolean;
  submit?: boolean;
}

export async function saveSubSection(input: SaveInput, opts: { silent?: boolean } = {}) {
  applyAppRef(input.application_id);
  return api.post<{ data: PortalApplication; status: string; submitted: boolean }>(APPLICATIONS.consumerSave, input, { encrypt: true, silent: opts.silent });
}

function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('The file could not be read'));
    r.readAsDataURL(file);
  });
}

/**
 * Upload with a real progress bar: XMLHttpRequest reports upload progress, fetch does not. Same §7 headers as
 * the shared client (read from the one session store).
 */
export async function uploadDocument(appId: string, applicantId: string | undefined, fieldKey: string, file: File, onProgress: (f: number) => void): Promise<UploadedDocument> {
  const content = await fileToBase64(file);
  applyAppRef(appId);
  const body = JSON.stringify({ app_id: appId, applicantId, fieldKey, fileName: file.name, type: file.type || 'application/octet-stream', content });
  const headers = buildHeaders({ method: 'POST', path: DOCUMENTS.uploadLocalFile, session: sessionStore.getState().session });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', DOCUMENTS.uploadLocalFile);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error('Upload failed: no connection'));
    xhr.onload = () => {
      let reply: { data?: UploadedDocument; message?: string; data_items?: unknown } = {};
      try {
        reply = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: reported below */
      }
      if (xhr.status === 200 && reply.data) return resolve(reply.data);
      const items = (reply as { data?: Array<{ reason?: string }> }).data;
      reject(new Error(Array.isArray(items) && items[0]?.reason ? items[0].reason : reply.message ?? `Upload failed (${xhr.status})`));
    };
    xhr.send(body);
  });
}

export async function uploadSignature(appId: string, applicantId: string | undefined, fieldKey: string, dataURI: string): Promise<string> {
  applyAppRef(appId);
  return (await api.post<{ data: { fileId: string } }>(DOCUMENTS.uploadSignature, { dataURI, app_id: appId, applicantId, fieldKey })).data.fileId;
}

/** The application, applicant and OTP field a code is for: the server binds the code (and its verification) to them. */
export interface OtpTarget {
  application_id: string;
  applicantId: string;
  fieldKey: string;
}

/** Why a code did not verify (the server's reason), for the field to explain. */
export interface OtpCheck {
  verified: boolean;
  reason?: 'WRONG_CODE' | 'EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_CODE' | 'ALREADY_USED';
  attemptsLeft?: number;
}

export async function sendOtp(target: OtpTarget, recipient: string) {
  applyAppRef(target.application_id);
  return (await api.post<{ data: { sentTo: string } }>(PORTAL.otpSend, { ...target, recipient })).data;
}

/**
 * E-mails this applicant their own link to the application (§5), e.g. to upload documents later from another device
 * (the upload hub's "Send me a link"). Resolves with where it went.
 */
export async function sendMyLink(applicationId: string, applicantId: string, email: string): Promise<{ sentTo: string }> {
  applyAppRef(applicationId);
  return (await api.post<{ data: { sentTo: string } }>(PORTAL.sendLink, { application_id: applicationId, applicantId, email })).data;
}

export async function verifyOtp(target: OtpTarget, recipient: string, code: string): Promise<OtpCheck> {
  applyAppRef(target.application_id);
  return (await api.post<{ data: OtpCheck }>(PORTAL.otpVerify, { ...target, recipient, code })).data;
}

export async function calculateEmi(amount: number, rate: number, tenureMonths: number) {
  return (await api.post<{ data: { emi: number; totalPayment: number; totalInterest: number } }>(OTHER.calculate, { amount, rate, tenureMonths })).data;
}

/** §7 microflow: the body goes AES-encrypted as {data}, the encrypted reply is decrypted by the shared client. */
export async function runMicroflow(applicationId: string, applicantId: string | undefined, microFlowId: string, componentId: string | undefined, values: FormValues): Promise<MicroflowAction[]> {
  applyAppRef(applicationId);
  const reply = await api.post<MicroflowReply>(OTHER.microflow(microFlowId), { values, ...(applicantId ? { applicantId } : {}) }, { encrypt: true, query: { componentid: componentId, application_id: applicationId, ...(i18nStore.getState().lang === 'hi' ? { lang: 'hi' } : {}) } });
  return reply.data.actions;
}
