import type { PortalApplicant } from './applicants';

/**
 * Every party is an applicant (issue 28): the co-applicants and guarantors of a joint application as the primary
 * sees them (numbered by their place, never by their internal id), what the primary told about them (prefilled into
 * their flow), where each stands, and what a party's own appRefId lets them read of the application.
 */

/** Where a party stands: named by the primary but no link yet, link sent, link opened or a step saved, signed. */
export type PartyStatus = 'not_invited' | 'invited' | 'in_progress' | 'signed';

/** Who a party is to the primary applicant (the invite's choice; labels in the portal's language files). */
export const RELATIONS = ['spouse', 'parent', 'child', 'sibling', 'business_partner', 'other'] as const;

/**
 * The answer a co-applicant or guarantor gives with their signature: "I confirm the information I have given is true"
 * (the seeded review step, with the primary's declaration, is skipped for them). Their submit needs it true.
 */
export const PARTY_DECLARATION = 'partyDeclaration';

/** What the primary says about a party when inviting them; copied into that party's own answers (prefill). */
export interface PartyDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
  relation?: string;
}

/** The flow's answers a party's details prefill (the personal-information step's keys). */
const PREFILLED = ['firstName', 'lastName', 'email', 'mobile'] as const;

interface Verification {
  key?: string;
  isVerified?: boolean;
}

export function partyStatus(a: PortalApplicant, verifications: Verification[]): PartyStatus {
  if (typeof a.submittedAt === 'string') return 'signed';
  const opened = verifications.some((v) => v.key === `email:${a.applicantId}` && v.isVerified === true);
  if (opened || a.section_id) return 'in_progress';
  if (typeof a.linkSentAt === 'string') return 'invited';
  return 'not_invited';
}

/** "Co-applicant 1", "Guarantor 2": the party's number among those of its type, as the portal shows it. */
export function partyNumber(applicants: PortalApplicant[], a: PortalApplicant): number {
  return applicants.filter((o) => o.type === a.type).findIndex((o) => o.applicantId === a.applicantId) + 1;
}

const fullName = (a: PortalApplicant) => [a.firstName, a.lastName].filter((x) => typeof x === 'string' && x).join(' ');

/** "Co-applicant 1 · Priya Mehta" (or "Co-applicant 1" before a name is known): how refusals name a party. */
export function partyTitle(applicants: PortalApplicant[], a: PortalApplicant): string {
  const who = `${a.type === 'guarantor' ? 'Guarantor' : 'Co-applicant'} ${partyNumber(applicants, a)}`;
  const name = fullName(a);
  return name ? `${who} · ${name}` : who;
}

/** The parties of an application with their status, for the primary's review step (GET /v3/portal/applicants/parties). */
export function partiesOf(doc: Record<string, unknown>) {
  const applicants = (Array.isArray(doc.applicant) ? doc.applicant : []) as PortalApplicant[];
  const verifications = (Array.isArray(doc.verifications) ? doc.verifications : []) as Verification[];
  return applicants
    .filter((a) => a.type !== 'primary')
    .map((a) => ({
      applicantId: a.applicantId,
      type: a.type,
      number: partyNumber(applicants, a),
      firstName: typeof a.firstName === 'string' ? a.firstName : null,
      lastName: typeof a.lastName === 'string' ? a.lastName : null,
      email: typeof a.email === 'string' ? a.email : null,
      relation: typeof a.relation === 'string' ? a.relation : null,
      status: partyStatus(a, verifications),
      linkSentAt: typeof a.linkSentAt === 'string' ? a.linkSentAt : null,
      signedAt: typeof a.submittedAt === 'string' ? a.submittedAt : null,
    }));
}

/**
 * The entry of a party after the primary named them: the details on the entry (lists, search, the review step) and,
 * until the party has opened their link and answered for themselves, in their own answers, so their flow opens
 * prefilled. From then on their answers are theirs: the primary's later corrections do not overwrite them.
 */
export function withPartyDetails(a: PortalApplicant, details: PartyDetails, theirs: boolean): PortalApplicant {
  const out: PortalApplicant = { ...a };
  for (const k of [...PREFILLED, 'relation'] as const) {
    const v = details[k]?.trim();
    if (v && !(theirs && k !== 'relation')) out[k] = v;
  }
  if (!theirs) {
    const values = { ...(a.values ?? {}) };
    for (const k of PREFILLED) if (typeof out[k] === 'string' && out[k]) values[k] = out[k];
    out.values = values;
  }
  return out;
}

/** The parties who have not signed their part yet (the primary's submission waits for them: consumer-save.ts). */
export function unsignedParties(applicants: PortalApplicant[]): PortalApplicant[] {
  return applicants.filter((a) => a.type !== 'primary' && typeof a.submittedAt !== 'string');
}

/**
 * What a party's own appRefId reads of the application view (GET /v3/application/{id}, a save's reply): the
 * application's identity and flow, their own entry, the primary's name only (their flow says who submits), and
 * their own verifications. Not the primary's answers, progress, tasks, other parties, or the lifecycle.
 */
export function partyView(view: Record<string, unknown>, party: string): Record<string, unknown> {
  const applicants = (Array.isArray(view.applicant) ? view.applicant : []) as PortalApplicant[];
  const primary = applicants.find((a) => a.type === 'primary');
  const own = applicants.find((a) => a.applicantId === party);
  // Everything the reply schema requires stays (neutral where it is the primary's or the bank's own business).
  const { section_id: _s, sub_section_id: _ss, initiatedBy: _i, leadInfo: _l, campaign_id: _c, ...rest } = view;
  return {
    ...rest,
    applicant: [
      ...(primary ? [{ applicantId: primary.applicantId, type: 'primary', firstName: primary.firstName, lastName: primary.lastName }] : []),
      ...(own ? [own] : []),
    ],
    customFields: {},
    progress: [],
    verifications: ((Array.isArray(view.verifications) ? view.verifications : []) as Verification[]).filter(
      (v) => typeof v.key === 'string' && v.key.split(':')[1] === party,
    ),
    userDetails: {},
    callback: null,
    appLifeCycle: null,
    currentTask: null,
    tasks: [],
    openQueries: 0,
    openApprovals: 0,
    openExceptions: 0,
    subStatus: null,
  };
}
