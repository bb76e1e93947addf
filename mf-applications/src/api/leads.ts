import { api, hasFeature, LEADS, type LeadContactChannel, type LeadRequest } from '@lendline/shared';

/** §2 lead creation (shared/src/wire/leads.ts); the form always says how to reach the prospect. */
export type NewLead = LeadRequest & { preferredContact: LeadContactChannel };

/** What the view says about a lead and the application it became (server: view leadInfo). */
export interface LeadInfo {
  contact: { preferredContact?: string; contactNotes?: string | null } | null;
  convertedTo: string | null;
  convertedFrom: string | null;
}

type Created = { data: { application_id: string } };

/** §6: creating leads and applications is case work, for roles with APPLICATIONS_ACTIONS (the server checks it again). */
export const mayCreate = (roles: readonly string[] | undefined) => hasFeature(roles, 'APPLICATIONS_ACTIONS');

/** Refusals (1101 'label - reason') are shown by the shell's §8 modal; the promise rejects so the form stays as typed. */
export async function createLead(lead: NewLead): Promise<string> {
  const body = Object.fromEntries(Object.entries(lead).filter(([, v]) => v !== '' && v !== undefined));
  return (await api.post<Created>(LEADS.create, body)).data.application_id;
}

export async function convertLead(applicationId: string): Promise<string> {
  return (await api.post<Created>(LEADS.convert, { application_id: applicationId })).data.application_id;
}
