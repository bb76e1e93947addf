import type { ApplicantType, ComponentProgress, NavigationContext, SectionProgress, SubSection } from '@lendline/shared/contract';
import { applyDedupe, checkSubSectionBeforeSave, isLastStep, subSectionStatusFromValues, updateProgress, validateSubSection } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { forbidden, refused, refusedMany, staleVersion } from '../errors';
import { isStaff } from '../current-user';
import { isAssignedToCurrentUser } from '../applications/access';
import { currentTask } from '../lifecycle/tasks';
import { writeAudits, type FieldChange } from '../applications/audit';
import { findApplication, searchTerms } from '../applications/row';
import { buildView } from '../applications/view';
import { flowConfig } from '../config/config-service';
import { withIdentity, type PortalApplicant } from './applicants';
import { PARTY_DECLARATION, partyTitle, unsignedParties } from './parties';
import { verifiedRecipient } from './otp';
import { leaveDraftIfIdentified } from './drafts';
import { dedupeSwitches, findDuplicates } from '../applications/dedupe';
import { assertStaffLeavesConsents } from './customer-consent';
import { startStraightThrough } from '../stp/run';
import { stpKicks, stpSettings } from '../stp/sweep';

export interface ConsumerSaveInput {
  application_id: string;
  verNum?: number;
  applicantId?: string;
  section_id: string;
  sub_section_id: string;
  values: Record<string, unknown>;
  /** A draft (leaving a page half-filled, a reconnect): format errors still refuse, missing answers do not. */
  draft?: boolean;
  /** The applicant finished the last step. */
  submit?: boolean;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * POST /v3/application/consumer/save_or_update for an existing application: the values of one sub-section of one
 * applicant. The server runs the same §5 rules as the portal (validateValues through the sub-section check) and
 * refuses with 1101 'label - reason' items; a draft is only refused for format and range problems. Progress is
 * recomputed with the engine (§4: COMPLETE, or PROGRESS counted 0.5), the position is remembered for resume, and
 * the primary's answers land in customFields where the backstage reads them.
 */
export async function consumerSave(db: Db, user: CurrentUser, input: ConsumerSaveInput, now = new Date()) {
  let stpQueued = false;
  const saved = await db.transaction(async (tx) => {
    const app = await findApplication(tx, input.application_id, true);
    if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status} and can no longer be changed`);
    if (input.verNum !== undefined && input.verNum !== app.ver_num) throw staleVersion(app.application_id, input.verNum, app.ver_num);
    // Staff resume a customer-flow step (/backstage/newapplication?resume) only on an application assigned to them (§2).
    if (isStaff(user) && !isAssignedToCurrentUser(app, await currentTask(tx, app.cur_task_id), user)) {
      throw forbidden('application_id', `Application ${app.application_id} is not assigned to you, so you cannot resume its customer flow.`);
    }
    if (app.doc.submitted === true && !input.applicantId?.match(/-(S|G)\d+$/)) throw refused('application_id', 'This application has already been submitted for further processing');
    const flow = app.flow_id ? await flowConfig(tx, app.flow_id, app.flow_ver_num) : null;
    if (!flow) throw refused('application_id', `Application ${app.application_id} has no customer flow`);
    const section = flow.sections.find((s) => s.sectionId === input.section_id);
    const sub = section?.subSections.find((s) => s.subSectionId === input.sub_section_id);
    if (!section || !sub) throw refused('sub_section_id', `No sub-section ${input.section_id}/${input.sub_section_id} in flow ${flow.flowId}`);

    const applicants = ((app.doc.applicant ?? []) as PortalApplicant[]).map((a) => ({ ...a }));
    const index = input.applicantId ? applicants.findIndex((a) => a.applicantId === input.applicantId) : applicants.findIndex((a) => a.type === 'primary');
    if (index < 0) throw refused('applicantId', `No applicant ${input.applicantId} on application ${app.application_id}`);
    const applicant = applicants[index];
    const applicantType: ApplicantType = applicant.type ?? 'primary';
    // An applicant whose type a dedupe step switched (below) steps through the flow as the other type (§4).
    let ctx: NavigationContext = applyDedupe({
      customerKind: app.doc.existing_or_new_customer === 'existing' ? 'existing' : 'new',
      singleORjoint: app.single_or_joint,
      applicantType,
    }, applicant.dedupeSwitched === true);

    // An OTP answer counts as verified only when the application records that verification for this applicant,
    // field and recipient (POST /v3/portal/otp/verify); the browser's own isVerified flag is not evidence.
    const values = withServerOtpState(sub, input.values, app.doc, applicant.applicantId);
    // Consents and the signature are the applicant's own act, never an officer's (customer-consent.ts).
    assertStaffLeavesConsents(user, sub, values, (applicantType === 'primary' ? app.custom_fields : applicant.values) ?? {});

    if (input.draft) {
      const issues = validateSubSection(sub, values, { applicantType }).filter((i) => i.errorKey !== 'required');
      if (issues.length) throw refusedMany(issues.map((i) => ({ label: i.label, reason: i.reason })));
    } else {
      const check = checkSubSectionBeforeSave(sub, values, { applicantType, isSummary: section.isSummary });
      if (!check.ok) throw refusedMany(check.issues.map((i) => ({ label: i.label, reason: i.reason })));
    }
    const status: ComponentProgress = input.draft ? subSectionStatusFromValues(sub, values, { applicantType }) : 'COMPLETE';

    // Who owns the answers: the primary's (and anything filled once per application) go to customFields.
    const shared = applicantType === 'primary';
    const changes: FieldChange[] = [];
    const custom = { ...app.custom_fields };
    const own = { ...(applicant.values ?? {}) };
    for (const [k, v] of Object.entries(values)) {
      const before = shared ? custom[k] : own[k];
      if (JSON.stringify(before) === JSON.stringify(v)) continue;
      changes.push({ key: shared ? `customFields.${k}` : `applicant.${applicant.applicantId}.${k}`, old: before, new: v });
      if (shared) custom[k] = v;
      own[k] = v;
    }
    // §4 dedupe details: at the flow's dedupe sub-section, where the product turns it on, a match of this applicant's
    // PAN / mobile / e-mail with an existing record of the other role switches the type the flow continues with.
    // What matched is never part of the answer: the applicant learns only which steps follow.
    let dedupe: { switched: boolean; matchedOn: string[] } | null = null;
    if (sub.isDedupe && !input.draft && applicant.dedupeSwitched !== true && (await switchesOnDedupe(tx, app.product_code))) {
      const probe = { ...app, custom_fields: shared ? custom : app.custom_fields, doc: { ...app.doc, applicant: applicants.map((a, i) => (i === index ? { ...withIdentity(a, own), values: own } : a)) } };
      const matches = await findDuplicates(tx, probe, null, applicant.applicantId);
      dedupe = { switched: dedupeSwitches(applicantType, matches), matchedOn: [...new Set(matches.flatMap((m) => m.matchedOn))].sort() };
      ctx = applyDedupe(ctx, dedupe.switched);
    }
    const progressBefore = (shared ? app.doc.progress : applicant.progress) as SectionProgress[] | undefined;
    const progress = updateProgress(flow, Array.isArray(progressBefore) ? progressBefore : [], section.sectionId, sub.subSectionId, status, ctx);
    applicants[index] = { ...withIdentity(applicant, own), values: own, progress, section_id: section.sectionId, sub_section_id: sub.subSectionId };
    if (dedupe?.switched) applicants[index].dedupeSwitched = true;
    const done = isLastStep(flow, { sectionId: section.sectionId, subSectionId: sub.subSectionId }, ctx) && !input.draft && input.submit === true;
    // The primary submits the whole application once every co-applicant and guarantor has signed their part (issue 28,
    // the seeded flows' rule: docs/ARCHITECTURE.md, Every party is an applicant); the refusal names who is missing.
    if (done && shared) {
      const waiting = unsignedParties(applicants);
      if (waiting.length) throw refusedMany(waiting.map((a) => ({ label: partyTitle(applicants, a), reason: 'has not signed their part yet: the application can be submitted once every co-applicant and guarantor has signed' })));
    }
    // A co-applicant's or guarantor's own declaration goes with their signature (the review step's is the primary's).
    if (done && !shared && own[PARTY_DECLARATION] !== true) throw refused(PARTY_DECLARATION, 'Confirm that the information you have given is true');
    if (done) applicants[index].submittedAt = now.toISOString();

    const doc: Record<string, unknown> = { ...app.doc, applicant: applicants };
    if (shared) {
      doc.progress = progress;
      doc.section_id = section.sectionId;
      doc.sub_section_id = sub.subSectionId;
      doc.completedSections = progress.filter((p) => p.status === 'COMPLETE').length;
      if (done) {
        doc.submitted = true;
        doc.submittedAt = now.toISOString();
      }
    }
    const primary = applicants.find((a) => a.type === 'primary') ?? applicants[0];
    const mobile = (primary.mobile as string) ?? app.mobile;
    const email = (primary.email as string) ?? app.email;
    const amount = custom.loanAmount != null && NUMERIC.test(String(custom.loanAmount)) ? String(custom.loanAmount) : app.loan_amount;
    const name = [primary.firstName, primary.lastName].filter(Boolean).join(' ') || app.applicant_name;
    await tx.query(
      `UPDATE applications SET custom_fields = $2, doc = $3, loan_amount = $4, applicant_name = $5, mobile = $6, email = $7, search_terms = $8,
              ver_num = ver_num + 1, mod_time = $9 WHERE application_id = $1`,
      [app.application_id, JSON.stringify(custom), JSON.stringify(doc), amount, name, mobile, email, searchTerms(app.application_id, applicants, mobile ?? null, email ?? null), now],
    );
    await writeAudits(tx, app.application_id, done ? 'submit' : input.draft ? 'draft' : 'consumer_save', user.userName, now, changes, {
      applicantId: applicant.applicantId,
      sub_section_id: sub.subSectionId,
    });
    if (dedupe) {
      // Only what matched, never whose record: the audit is read by staff who may not open the matched application.
      await writeAudits(tx, app.application_id, 'dedupe', user.userName, now, [], {
        applicantId: applicant.applicantId, matchedOn: dedupe.matchedOn, switchedTo: dedupe.switched ? ctx.applicantType : null,
      });
    }
    // A draft becomes work once the primary has given the identity the product asks for first (drafts.ts).
    await leaveDraftIfIdentified(tx, app, { ...custom, firstName: primary.firstName, lastName: primary.lastName, mobile, email }, user, now);
    // Straight-through processing (issue 29, domain/stp/run.ts): decided at the submission, in its transaction.
    if (done && shared) stpQueued = await startStraightThrough(tx, await findApplication(tx, app.application_id), stpSettings.tenant, now);
    return { view: await buildView(tx, await findApplication(tx, app.application_id), user, now), status, submitted: done };
  });
  if (stpQueued) stpKicks.emit('submitted'); // committed: the runner takes the first job now
  return saved;
}

/** Whether the product's configuration lets a dedupe match switch the applicant type (086_dedupe.sql). */
async function switchesOnDedupe(q: Queryable, productCode: string): Promise<boolean> {
  const { rows } = await q.query<{ switches: boolean }>(`SELECT dedupe_switches_applicant_type AS switches FROM products WHERE product_code = $1`, [productCode]);
  return rows[0]?.switches === true;
}

/** The sub-section's OTP answers with isVerified as the application's verifications say, not as sent. */
function withServerOtpState(sub: SubSection, values: Record<string, unknown>, doc: Record<string, unknown>, applicantId: string): Record<string, unknown> {
  const fields = [...(sub.fields ?? []), ...(sub.components ?? []).flatMap((c) => c.fields)];
  let out = values;
  for (const f of fields) {
    if (f.field_type_details?.type !== 'otp') continue;
    const v = values[f.key] as { recipient?: unknown; isVerified?: unknown } | null | undefined;
    if (!v || typeof v !== 'object' || v.isVerified !== true) continue;
    const ok = typeof v.recipient === 'string' && verifiedRecipient(doc, applicantId, f.key) === v.recipient.trim();
    if (!ok) out = { ...out, [f.key]: { ...v, isVerified: false } };
  }
  return out;
}
