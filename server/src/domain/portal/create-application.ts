import type { PortalStartInput } from '@lendline/shared/contract';
import type { Db } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { writeAudits } from '../applications/audit';
import { findApplication } from '../applications/row';
import { buildView } from '../applications/view';
import { loadLifecycle, openStepTask, syncCurrentTask } from '../lifecycle/tasks';
import { BRANCHES, resolveTeam } from '../lifecycle/types';
import { hierarchyTeamIds, isStaff, teamIds } from '../current-user';
import { applicantList } from './applicants';
import { issueAppRef } from './customer-access';

export type PortalCreateInput = PortalStartInput;

/**
 * A customer starts an application in the portal: numbered from the id sequence like the backstage's, with the
 * applicant list (primary, co-applicants up to the product's maximumJointApplicants, guarantors). It starts as a
 * draft (085_drafts.sql): no task, so no queue, inbox, count or SLA clock, until the applicant gives the identity the
 * product asks for first — then consumer-save.ts opens the first lifecycle step's task (drafts.ts, leaveDraft).
 * An officer's start (§2 application creation) is no draft: its first task opens at once. The customer's first appRefId
 * (customer-access.ts) is returned once to the device that started it, never to an officer.
 */
export async function createPortalApplication(db: Db, user: CurrentUser, input: PortalCreateInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const { rows: products } = await tx.query<{ product_code: string; max_joint_applicants: number }>(
      `SELECT product_code, max_joint_applicants FROM products WHERE product_code = $1 AND enabled`,
      [input.product_code],
    );
    if (!products.length) throw refused('product_code', `Unknown product "${input.product_code}"`);
    const max = products[0].max_joint_applicants;
    const co = input.singleORjoint === 'Joint' ? input.coApplicants ?? 1 : 0;
    const guarantors = input.guarantors ?? 0;
    if (input.singleORjoint === 'Joint' && max === 0) throw refused('singleORjoint', 'This product accepts single applications only');
    if (co > max) throw refused('coApplicants', `At most ${max} co-applicant(s) for this product`);
    if (input.singleORjoint === 'Joint' && co < 1) throw refused('coApplicants', 'A joint application needs at least one co-applicant');
    const { rows: flows } = await tx.query<{ flow_id: string; ver_num: number }>(
      `SELECT flow_id, ver_num FROM flows WHERE product_code = $1 AND flow_type = 'CUST_FLOW' AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
      [input.product_code],
    );
    if (!flows.length) throw refused('product_code', `No customer flow is configured for "${input.product_code}"`);
    // Refuse a product without a lifecycle now, not when the draft would enter the queues.
    const steps = await loadLifecycle(tx, input.product_code, flows[0].ver_num);
    if (!steps.length) throw refused('product_code', `No lifecycle is configured for "${input.product_code}"`);
    const { rows: seq } = await tx.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('applications', 'id'))::text AS id`);
    const id = seq[0].id;
    const applicationId = `APP-${id.padStart(8, '0')}`;
    // An officer starting the flow on a customer's behalf (§2 application creation) is its initiator: the application
    // is their branch's and its first task theirs when they are of its team, so they can go on with the flow (§2 resume).
    const staff = isStaff(user);
    const branch = (staff && hierarchyTeamIds(user).find((t) => (BRANCHES as readonly string[]).includes(t))) || BRANCHES[0];
    const doc = {
      applicant: applicantList(applicationId, co, guarantors),
      existing_or_new_customer: input.existing_or_new_customer,
      campaign_id: input.campaign_id ?? null,
      source_id: input.source_id ?? (staff ? 'BRANCH' : 'web'),
      completedSections: 0,
      progress: [],
    };
    await tx.query(
      `INSERT INTO applications (id, application_id, product_code, status, single_or_joint, applicant_name, stage, ver_num, custom_fields, doc, created_at, mod_time,
         application_type, flow_id, flow_ver_num, branch, initiated_by, search_terms, draft)
       VALUES ($1,$2,$3,'ACTIVE',$4,'',0,1,'{}',$5,$6,$6,'APPLICATION',$7,$8,$9,$10,$11,$12)`,
      [id, applicationId, input.product_code, input.singleORjoint, JSON.stringify(doc), now, flows[0].flow_id, flows[0].ver_num, branch, user.userName, [applicationId.toLowerCase()], !staff],
    );
    // A portal start is a draft (no task, in no queue) until the applicant gives their identity (drafts.ts); an
    // officer's is their own work from the start: its first task opens now, theirs when they are of its team.
    if (staff) {
      const app = await findApplication(tx, applicationId);
      const task = await openStepTask(tx, app, steps[0], now, teamIds(user).includes(resolveTeam(steps[0].team, branch)) ? user.userName : null);
      await syncCurrentTask(tx, applicationId, task);
    }
    await writeAudits(tx, applicationId, 'create', user.userName, now, [], { channel: staff ? 'backstage' : 'portal', source_id: doc.source_id, campaign_id: doc.campaign_id });
    // The appRefId is the customer's credential: never handed to an officer (who opens it by branch and team), or
    // staff could act as the customer through the portal account — the customer gets theirs from the link they are sent.
    const appRefId = staff ? undefined : await issueAppRef(tx, applicationId, 'CREATE', now);
    return { view: await buildView(tx, await findApplication(tx, applicationId), user, now), appRefId };
  });
}
