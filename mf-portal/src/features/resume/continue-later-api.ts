import { api } from '@lendline/shared';
import { applyAppRef } from '../../lib/app-ref-store';

/** The server's "save and continue later" calls (server routes/portal/continue-later.ts). */
export const CONTINUE_LATER = {
  send: '/v3/portal/continue-later/send',
  request: '/v3/portal/continue-later/request',
  code: '/v3/portal/continue-later/code',
  open: '/v3/portal/continue-later/open',
} as const;

/** Continue-later links carry verification ids of their own (CNT-…): opening one needs a code to the recorded mobile. */
export const isContinueLink = (verificationId: string) => verificationId.startsWith('CNT-');

export async function sendContinueLater(input: { application_id: string; route: string; section_id: string }) {
  applyAppRef(input.application_id);
  return (await api.post<{ data: { sentTo: string[]; validityHours: number } }>(CONTINUE_LATER.send, input, { silent: true })).data;
}

/** The answer is the same whether or not an application matched. */
export async function requestContinueLink(contact: string) {
  return (await api.post<{ message: string }>(CONTINUE_LATER.request, { contact }, { silent: true })).message;
}

export async function sendContinueCode(applicationId: string, verificationId: string) {
  return (await api.post<{ data: { sentTo: string; sandboxCode?: string } }>(CONTINUE_LATER.code, { application_id: applicationId, emailVerificationId: verificationId }, { silent: true })).data;
}

export interface Opened {
  data: { opened: boolean; applicantId?: string; route?: string | null; sectionId?: string | null; reason?: string; attemptsLeft?: number };
  appRefId?: string;
}

export async function openContinueLink(applicationId: string, verificationId: string, code: string) {
  return api.post<Opened>(CONTINUE_LATER.open, { application_id: applicationId, emailVerificationId: verificationId, code }, { silent: true });
}
