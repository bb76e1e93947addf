import {
  AdapterError,
  bankStatementAdapter,
  bureauAdapter,
  decisionEngineAdapter,
  type BankStatementAnalysis,
  type BureauReport,
  type CreditSystem,
  type Decision,
  type DecisionInput,
} from '../../adapters/credit';
import { formatInr } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { serverLabel } from '../../i18n/labels';
import { NOTIFICATION_LANGUAGES, type NotificationLang } from '../notifications/texts';
import { writeAudits } from '../applications/audit';
import { findApplication, type ApplicationRow } from '../applications/row';
import { isStaff, mayAct, type CurrentUser } from '../current-user';
import { HttpError, permissionMissing, refused, staleVersion } from '../errors';
import { findSetupConfig } from '../setup/setup-configs';
import { changeApplication, type TaskChange } from '../tasks/change';
import { insertWorklog } from '../tasks/worklog-text';
import { ageOf, applicantOf, assertBureauConsent, loanTermsOf } from './applicant';
import { systemConfig } from './config';
import { raiseDeviation, type Deviation } from './deviations';
import { masked, maskedRaw } from './mask';
import { netFinancing, parsePolicy, type NetFinancing } from './net-financing';
import { fileReport, latestReports, type ReportKind } from './report-store';

/** What every credit operation gets: the database, the caller, the tenant whose configs choose the adapters. */
export interface CreditContext {
  db: Db;
  user: CurrentUser;
  tenant: string;
  now?: Date;
  /** Where an external system's own error text goes (AdapterError.detail): the server log, never the caller. */
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
}
interface Target {
  application_id: string;
  verNum: number;
}

// A system's name in an entry is the language files' (worklogKindTexts.terms.creditSystem).

/**
 * An external system without an answer: 424 Failed Dependency with a §8 body naming the system, so the officer's modal
 * says what failed. Not a 5xx: this server did not fail, and its 5xx answers stay reserved for its own faults (the
 * fuzz test holds every route to that).
 */
export function externalFailure(system: CreditSystem, e: AdapterError): HttpError {
  const status = e.kind === 'REJECTED' || e.kind === 'NOT_CONFIGURED' ? 400 : 424;
  return new HttpError(status, { code: 1101, message: 'Validation Failed', data: [{ label: system, reason: e.message }] });
}

/**
 * Before an external call: the caller may act, the application is there and its verNum is the one sent — checked
 * without holding the row, because the call may take seconds; the write after it checks verNum again.
 */
async function precheck(ctx: CreditContext, t: Target): Promise<ApplicationRow> {
  if (!isStaff(ctx.user) || !mayAct(ctx.user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  const app = await findApplication(ctx.db, t.application_id);
  if (t.verNum !== app.ver_num) throw staleVersion(app.application_id, t.verNum, app.ver_num);
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}; credit review needs an ACTIVE application`);
  return app;
}

/**
 * Calls an external system; a failure is audited (what was sent, masked, and why it failed) and logged in the
 * worklog in its own short transaction, and answered with externalFailure. Nothing on the application changes.
 */
async function callExternal<T>(ctx: CreditContext, app: ApplicationRow, system: CreditSystem, sent: unknown, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    ctx.log?.warn({ system, kind: e.kind, reason: e.message, ...(e.detail ? { detail: e.detail } : {}), applicationId: app.application_id }, 'external system call failed');
    const now = ctx.now ?? new Date();
    await ctx.db.transaction(async (tx) => {
      await writeAudits(tx, app.application_id, 'external_call', ctx.user.userName, now, [{ key: `external.${system}`, old: null, new: { sent: masked(sent), failed: { kind: e.kind, reason: e.message } } }], { system });
      // English keeps the adapter's own message; another language says what kind of failure it was.
      await insertWorklog(tx, {
        applicationId: app.application_id, taskId: app.cur_task_id, userId: ctx.user.userName, action: 'external_call', at: now,
        text: { key: 'externalCallFailedLog', params: { system, reason: e.message, failure: e.kind }, terms: { system: 'creditSystem', failure: 'adapterFailure' } },
      });
    });
    throw externalFailure(system, e);
  }
}

/** §3 verifications entry of a credit result, replaced by key; written inside the change (which bumps verNum once). */
async function putVerification(c: TaskChange, entry: { key: string; isVerified: boolean; output: Record<string, unknown> }) {
  const list = Array.isArray(c.app.doc.verifications) ? (c.app.doc.verifications as Array<{ key?: string }>) : [];
  const before = list.find((v) => v.key === entry.key) ?? null;
  await c.tx.query(`UPDATE applications SET doc = jsonb_set(doc, '{verifications}', $2::jsonb) WHERE application_id = $1`, [
    c.app.application_id, JSON.stringify([...list.filter((v) => v.key !== entry.key), entry]),
  ]);
  c.app.doc = { ...c.app.doc, verifications: [...list.filter((v) => v.key !== entry.key), entry] };
  c.changes.push({ key: `verifications.${entry.key}`, old: before, new: entry });
}

/** Files the result: report row, verification, the audit of what was sent and received (masked). */
async function file(c: TaskChange, system: CreditSystem, kind: ReportKind, adapter: string, sent: unknown, summary: Record<string, unknown>, raw: string, verification: Record<string, unknown>) {
  const reportId = await fileReport(c.tx, { applicationId: c.app.application_id, kind, adapter, summary, raw, by: c.user.userName, at: c.now });
  await putVerification(c, { key: kind, isVerified: true, output: { ...verification, reportId, adapter, at: c.now.toISOString() } });
  c.changes.push({ key: `external.${system}`, old: null, new: { sent: masked(sent), received: maskedRaw(raw), adapter } });
  return reportId;
}

// ── POST /cibil/obligation ─────────────────────────────────────────────────────────────────────────
export async function pullBureau(ctx: CreditContext, t: Target) {
  const app = await precheck(ctx, t);
  await assertBureauConsent(ctx.db, app);
  const applicant = applicantOf(app);
  const config = await systemConfig(ctx.db, ctx.tenant, 'BUREAU');
  const adapter = bureauAdapter(config, ctx.tenant);
  const report: BureauReport = await callExternal(ctx, app, 'BUREAU', applicant, () => adapter.pull(applicant));
  const { raw, ...summary } = report;
  return changeApplication(ctx.db, ctx.user, t, 'cibil_obligation', { system: 'BUREAU', adapter: adapter.name }, async (c) => {
    const reportId = await file(c, 'BUREAU', 'BUREAU', adapter.name, applicant, summary, raw, { score: report.score, reference: report.reference, monthlyObligations: report.monthlyObligations });
    c.worklog = { key: 'bureauPulled', labels: { adapter: 'integrationAdapter' }, params: { adapter: adapter.name, score: report.score, active: report.accounts.filter((a) => a.status === 'ACTIVE').length, obligations: formatInr(report.monthlyObligations) } };
    return { reportId, adapter: adapter.name, ...summary };
  }, ctx.now);
}

// ── POST /perfios/transactionLink ──────────────────────────────────────────────────────────────────
export async function analyseBankStatement(ctx: CreditContext, t: Target) {
  const app = await precheck(ctx, t);
  const applicant = applicantOf(app);
  const config = await systemConfig(ctx.db, ctx.tenant, 'BANK_STATEMENT');
  const adapter = bankStatementAdapter(config, ctx.tenant);
  const analysis: BankStatementAnalysis = await callExternal(ctx, app, 'BANK_STATEMENT', applicant, () => adapter.analyse(applicant));
  const { raw, ...summary } = analysis;
  return changeApplication(ctx.db, ctx.user, t, 'perfios_transaction', { system: 'BANK_STATEMENT', adapter: adapter.name }, async (c) => {
    const reportId = await file(c, 'BANK_STATEMENT', 'BANK_STATEMENT', adapter.name, applicant, summary, raw, { transactionId: analysis.transactionId, averageMonthlyInflow: analysis.averageMonthlyInflow, bounces: analysis.bounces });
    c.worklog = { key: 'bankAnalysed', labels: { adapter: 'integrationAdapter' }, params: { adapter: adapter.name, inflow: formatInr(analysis.averageMonthlyInflow), bounces: analysis.bounces, emi: formatInr(analysis.emiObligations) } };
    return { reportId, adapter: adapter.name, ...summary };
  }, ctx.now);
}

// ── net financing / FOIR ───────────────────────────────────────────────────────────────────────────
/** FOIR and net financing from the application and its latest bureau and bank-statement reports. */
export async function computeNetFinancing(q: Queryable, tenant: string, app: ApplicationRow): Promise<NetFinancing & { incomeSource: string; obligationsSource: string }> {
  const reports = await latestReports(q, app.application_id);
  const policyRow = await findSetupConfig(q, { category: 'Credit', subCategory: 'NetFinancing', tenant, productCode: app.product_code, onlyEnabled: true });
  const policy = parsePolicy(policyRow?.config);
  const applicant = applicantOf(app);
  const terms = loanTermsOf(app);
  const bank = reports.BANK_STATEMENT?.summary as Partial<BankStatementAnalysis> | undefined;
  const bureau = reports.BUREAU?.summary as Partial<BureauReport> | undefined;
  const salaries = bank?.months?.map((m) => m.salaryCredit) ?? [];
  const bankSalary = salaries.length ? Math.round(salaries.reduce((s, x) => s + x, 0) / salaries.length) : null;
  // Conservative: the lower of what was declared and what the statement shows; the higher of the two obligations.
  const incomes = [applicant.monthlyIncome, bankSalary].filter((x): x is number => x !== null && x > 0 && x <= 9999999999.99);
  if (!incomes.length) throw refused('monthlyIncome', 'Net monthly income is missing: neither declared nor shown by a bank-statement analysis');
  // §9: at most 10 integer digits; a tenure outside 1-480 months is not one (the policy's default is used instead).
  if (!terms.loanAmount || terms.loanAmount <= 0 || terms.loanAmount > 9999999999.99) throw refused('loanAmount', 'The application has no valid loan amount');
  const tenure = terms.tenureMonths !== null && Number.isInteger(terms.tenureMonths) && terms.tenureMonths >= 1 && terms.tenureMonths <= 480 ? terms.tenureMonths : null;
  const monthlyIncome = Math.min(...incomes);
  const monthlyObligations = Math.max(bureau?.monthlyObligations ?? 0, bank?.emiObligations ?? 0);
  const result = netFinancing({ monthlyIncome, monthlyObligations, loanAmount: terms.loanAmount, tenureMonths: tenure ?? policy.defaultTenureMonths }, policy);
  return {
    ...result,
    incomeSource: bankSalary !== null && monthlyIncome === bankSalary ? 'BANK_STATEMENT' : 'DECLARED',
    obligationsSource: !bureau && !bank ? 'NONE' : (bureau?.monthlyObligations ?? 0) >= (bank?.emiObligations ?? 0) ? 'BUREAU' : 'BANK_STATEMENT',
  };
}

export async function fileNetFinancing(ctx: CreditContext, t: Target) {
  const app = await precheck(ctx, t);
  const result = await computeNetFinancing(ctx.db, ctx.tenant, app);
  return changeApplication(ctx.db, ctx.user, t, 'net_financing_calculation', {}, async (c) => {
    const reportId = await fileReport(c.tx, { applicationId: app.application_id, kind: 'NET_FINANCING', adapter: 'lendline', summary: result, raw: JSON.stringify(result), by: c.user.userName, at: c.now });
    c.worklog = { key: 'netFinancing', params: { amount: formatInr(result.netFinancingAmount), eligible: formatInr(result.maxEligibleAmount), foir: (result.foir * 100).toFixed(1) } };
    return { reportId, ...result };
  }, ctx.now);
}

// ── POST /decision_engine/execute/{a}/{b} ──────────────────────────────────────────────────────────
/**
 * Runs the decision engine on the application's data and latest reports. APPROVE / REFER / DECLINE with each rule's
 * reason is filed on the application. A REFER raises the failed rules as deviations; so does a breach of the lender's
 * own policy (FOIR above the cap, loan above eligibility) whatever the engine said, except on a DECLINE.
 */
export async function runDecision(ctx: CreditContext, t: Target & { a: string; b: string }) {
  const app = await precheck(ctx, t);
  const nf = await computeNetFinancing(ctx.db, ctx.tenant, app);
  const reports = await latestReports(ctx.db, app.application_id);
  const now = ctx.now ?? new Date();
  const input: DecisionInput = {
    applicationId: app.application_id,
    productCode: app.product_code,
    policy: t.b,
    loanAmount: nf.loanAmount,
    tenureMonths: nf.tenureMonths,
    monthlyIncome: nf.monthlyIncome,
    age: ageOf(applicantOf(app).dateOfBirth, now),
    bureauScore: (reports.BUREAU?.summary.score as number | undefined) ?? null,
    monthlyObligations: nf.monthlyObligations,
    bounces: (reports.BANK_STATEMENT?.summary.bounces as number | undefined) ?? null,
    foir: nf.foir,
    maxEligibleAmount: nf.maxEligibleAmount,
  };
  const adapter = decisionEngineAdapter(await systemConfig(ctx.db, ctx.tenant, 'DECISION_ENGINE'), ctx.tenant);
  const decision: Decision = await callExternal(ctx, app, 'DECISION_ENGINE', input, () => adapter.execute(t.a, t.b, input));
  const deviations: Deviation[] =
    decision.outcome === 'DECLINE' ? [] : decision.outcome === 'REFER' ? decision.rules.filter((r) => !r.passed).map((r) => ({ key: r.rule, reason: r.reason })) : [];
  if (decision.outcome !== 'DECLINE') {
    if (nf.foir > nf.foirCap && !deviations.some((d) => d.key === 'FOIR')) deviations.push({ key: 'POLICY_FOIR', reason: `FOIR ${(nf.foir * 100).toFixed(1)}% is above the policy cap of ${(nf.foirCap * 100).toFixed(0)}%` });
    if (nf.loanAmount > nf.maxEligibleAmount && !deviations.some((d) => d.key === 'LOAN_WITHIN_ELIGIBILITY')) deviations.push({ key: 'POLICY_ELIGIBILITY', reason: `Loan ${formatInr(nf.loanAmount)} is above the eligible ${formatInr(nf.maxEligibleAmount)}` });
  }
  const { raw, ...summary } = decision;
  return changeApplication(ctx.db, ctx.user, t, 'decision_engine_execute', { system: 'DECISION_ENGINE', adapter: adapter.name, outcome: decision.outcome }, async (c) => {
    const filed = { ...summary, netFinancing: nf, deviations, engine: { a: t.a, b: t.b } };
    const reportId = await file(c, 'DECISION_ENGINE', 'DECISION', adapter.name, input, filed, raw, { outcome: decision.outcome, reference: decision.reference });
    const raised = deviations.length
      ? await raiseDeviation(c.tx, { app: c.app, raisedBy: c.user.userName, deviations, source: 'CREDIT_DECISION', reference: decision.reference, at: c.now })
      : { subTaskId: null, raised: [], notice: null };
    if (raised.notice) c.notices.push(raised.notice);
    const failedRules = decision.rules.filter((r) => !r.passed);
    const failed = failedRules.map((r) => r.reason);
    // The engine's reasons are its own (English) words: another language names the failed rules by their labels.
    const failedIn = (lang: NotificationLang) => (failedRules.length ? `: ${failedRules.map((r) => serverLabel('decisionRule', r.rule, lang)).join('; ')}` : '');
    c.worklog = {
      key: raised.raised.length ? 'decisionWithDeviations' : 'decision',
      params: { outcome: decision.outcome, adapter: adapter.name, failed: failed.length ? `: ${failed.join('; ')}` : '', count: raised.raised.length },
      labels: { outcome: 'decisionOutcome', adapter: 'integrationAdapter' },
      names: Object.fromEntries(NOTIFICATION_LANGUAGES.filter((l) => l !== 'en').map((l) => [l, { failed: failedIn(l) }])),
    };
    return { reportId, adapter: adapter.name, ...filed, deviationSubTaskId: raised.subTaskId };
  }, ctx.now);
}

/**
 * POST /integration/deviation: the officer raises deviations of their own (a judgement the engine does not make) into
 * the same approval chain.
 */
export async function raiseOfficerDeviation(ctx: CreditContext, t: Target & { deviations: Deviation[] }) {
  return changeApplication(ctx.db, ctx.user, t, 'credit_deviation', {}, async (c) => {
    if (c.app.status !== 'ACTIVE') throw refused('application_id', `Application ${c.app.application_id} is ${c.app.status}`);
    const r = await raiseDeviation(c.tx, { app: c.app, raisedBy: c.user.userName, deviations: t.deviations, source: 'CREDIT_OFFICER', at: c.now });
    if (!r.raised.length) throw refused('deviations', 'These deviations are already waiting for approval');
    if (r.notice) c.notices.push(r.notice);
    c.changes.push({ key: 'deviations', old: null, new: r.raised });
    c.worklog = { key: 'deviationsRaisedLog', params: { count: r.raised.length, rules: r.raised.map((d) => d.key).join(',') }, labelLists: { rules: 'decisionRule' } };
    return { subTaskId: r.subTaskId, raised: r.raised };
  }, ctx.now);
}
