import type { Db } from '../../db/db';
import type { CurrentUser } from '../current-user';
import type { ErrorItem, LeadContactChannel, LeadRequest } from '@lendline/shared/contract';
import { HttpError, refusedMany } from '../errors';
import { createApplicationIn } from '../applications/save';
import { findApplication } from '../applications/row';
import { buildView } from '../applications/view';

/** How the prospect prefers to be reached (the "contact" of §2's lead creation). */
export const LEAD_CONTACT_CHANNELS = ['PHONE', 'EMAIL', 'BRANCH_VISIT'] as const satisfies readonly LeadContactChannel[];

/** What POST /v3/lead/create sends (shared/src/wire/leads.ts). */
export type LeadInput = LeadRequest;

/** The identity a lead must carry: what the officer needs to call the prospect back. PAN is optional here. */
const REQUIRED: { key: keyof LeadInput; label: string }[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'mobile', label: 'Mobile number' },
  { key: 'email', label: 'Email address' },
];

/**
 * §2 lead creation: a prospect, not yet an application. Stored as an application of type LEAD so it has a
 * lifecycle, a holder and an audit trail like any other record: created through the backstage create (the same
 * §5 checks of the product's flow on the identity answers: name, mobile, e-mail and PAN formats), its first step's
 * task opened in the branch's team and assigned to the creator when they belong to that team (as the product's
 * lifecycle says). Team leads / My leads list it; application lists do not (application_type).
 */
export async function createLead(db: Db, user: CurrentUser, input: LeadInput, now = new Date()) {
  // Blank after trimming counts as missing: a lead nobody can call back is not a lead.
  const missing = REQUIRED.filter((r) => !String(input[r.key] ?? '').trim());
  if (missing.length) throw refusedMany(missing.map((r) => ({ label: r.label, reason: 'required' })));
  const who: Record<string, unknown> = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    mobile: input.mobile.trim(),
    email: input.email.trim(),
    ...(input.panNumber?.trim() ? { panNumber: input.panNumber.trim().toUpperCase() } : {}),
  };
  const origin = {
    source_id: input.source_id,
    campaign_id: input.campaign_id ?? null,
    lead: { preferredContact: input.preferredContact ?? 'PHONE', contactNotes: input.contactNotes?.trim() || null },
  };
  try {
    return await db.transaction(async (tx) => {
      const id = await createApplicationIn(tx, user, {
        product_code: input.product_code,
        applicationType: 'LEAD',
        applicant: [{ type: 'primary', ...who }],
        customFields: who,
      }, now, undefined, origin);
      return buildView(tx, await findApplication(tx, id), user, now);
    });
  } catch (e) {
    throw once(e);
  }
}

/**
 * The same answers go to the primary applicant and to customFields (where the backstage reads them), so the create
 * reports a bad value twice (customFields.mobile, applicant.0.mobile): the officer is told once per field, by the
 * field's label as the form shows it ("Mobile number - Invalid value"), the §8 'label - reason' shape.
 */
function once(e: unknown): unknown {
  if (!(e instanceof HttpError) || !Array.isArray(e.body.data)) return e;
  const items = e.body.data as ErrorItem[];
  const kept = items
    .filter((i) => !i.label?.startsWith('applicant.0.'))
    .map((i) => {
      const m = i.label?.startsWith('customFields.') ? /^([^:]+): (.+)$/.exec(i.reason) : null;
      return m ? { label: m[1], reason: m[2] } : i;
    });
  return new HttpError(e.statusCode, { ...e.body, data: kept });
}
