import { CircuitBreaker, httpClient } from './http-client';
import type {
  BankStatementAdapter,
  BureauAccount,
  BureauAdapter,
  Decision,
  DecisionEngineAdapter,
  DecisionRuleResult,
  MonthSummary,
  MoneyAdapter,
  MoneyResult,
  SystemConfig,
} from './types';

/**
 * HTTP adapters of the real services. The wire contract each expects (docs/ARCHITECTURE.md, Credit and disbursement):
 * - bureau: POST {base}/bureau/report → {reference, score, accounts[{lender,type,sanctioned,outstanding,emi,dpd,status}], enquiriesLast6Months}
 * - bank statement: POST {base}/bank-statement/analysis → {transactionId, link, months[{month,inflow,outflow,salaryCredit,bounces}], emiObligations}
 * - decision engine: POST {base}/decision_engine/execute/{a}/{b} → {reference, outcome, rules[{rule,passed,effect,reason}]}
 * - core banking: POST {base}/loans and {base}/loans/tranches; mandate: POST {base}/mandates — each with the header
 *   Idempotency-Key → {reference, status CONFIRMED|REJECTED, reason?}; GET {base}/operations/{key} → the same, or 404.
 * A reply missing a field is MALFORMED (never half-read). Only the fields above are read; `raw` is those fields as
 * JSON (replyText), so whatever else a service sends is dropped before anything is stored or shown.
 */

/** The product's fields of a reply as the stored copy (types.ts `raw`). */
const replyText = (value: unknown) => JSON.stringify(value);

const obj = (j: unknown): Record<string, unknown> | null => (j && typeof j === 'object' && !Array.isArray(j) ? (j as Record<string, unknown>) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);
/** Every item parsed, or null when one is not. */
function all<T>(v: unknown, each: (x: Record<string, unknown>) => T | null, max = 500): T[] | null {
  if (!Array.isArray(v) || v.length > max) return null;
  const out: T[] = [];
  for (const x of v) {
    const o = obj(x);
    const p = o && each(o);
    if (p === null || p === undefined) return null;
    out.push(p);
  }
  return out;
}

const breakers = new Map<string, CircuitBreaker>();
/** One breaker per service address and tenant config, shared by every request of this process. */
function breakerFor(key: string, c: SystemConfig) {
  let b = breakers.get(key);
  if (!b) breakers.set(key, (b = new CircuitBreaker(c.breakerFailures, c.breakerResetMs)));
  return b;
}

export function httpBureau(c: SystemConfig, tenant: string): BureauAdapter {
  const http = httpClient('Bureau', c, breakerFor(`${tenant}|BUREAU|${c.baseUrl}`, c));
  return {
    name: 'http',
    async pull(a) {
      const reply = await http.call('POST', '/bureau/report', { applicationId: a.applicationId, pan: a.pan, firstName: a.firstName, lastName: a.lastName, dateOfBirth: a.dateOfBirth, mobile: a.mobile }, (j) => {
        const o = obj(j);
        const accounts = o && all<BureauAccount>(o.accounts, (x) => {
          const [sanctioned, outstanding, emi, dpd] = [num(x.sanctioned), num(x.outstanding), num(x.emi), num(x.dpd)];
          if (!str(x.lender) || !str(x.type) || sanctioned === null || outstanding === null || emi === null || dpd === null) return null;
          return { lender: String(x.lender), type: x.type as BureauAccount['type'], sanctioned, outstanding, emi, dpd, status: x.status === 'CLOSED' ? 'CLOSED' : 'ACTIVE' };
        });
        const score = num(o?.score);
        if (!o || !accounts || score === null || !str(o.reference)) return null;
        return { reference: String(o.reference), score, accounts, enquiriesLast6Months: num(o.enquiriesLast6Months) ?? 0 };
      });
      const v = reply!.value;
      return { ...v, monthlyObligations: v.accounts.filter((x) => x.status === 'ACTIVE').reduce((s, x) => s + x.emi, 0), raw: replyText(v) };
    },
  };
}

export function httpBankStatement(c: SystemConfig, tenant: string): BankStatementAdapter {
  const http = httpClient('Bank statement analysis', c, breakerFor(`${tenant}|BANK_STATEMENT|${c.baseUrl}`, c));
  return {
    name: 'http',
    async analyse(a) {
      const reply = await http.call('POST', '/bank-statement/analysis', { applicationId: a.applicationId, pan: a.pan, firstName: a.firstName, lastName: a.lastName, mobile: a.mobile }, (j) => {
        const o = obj(j);
        const months = o && all<MonthSummary>(o.months, (m) => {
          const [inflow, outflow, salaryCredit, bounces] = [num(m.inflow), num(m.outflow), num(m.salaryCredit), num(m.bounces)];
          if (!str(m.month) || inflow === null || outflow === null || salaryCredit === null || bounces === null) return null;
          return { month: String(m.month), inflow, outflow, salaryCredit, bounces };
        }, 60);
        const emiObligations = num(o?.emiObligations);
        if (!o || !months || !months.length || emiObligations === null || !str(o.transactionId)) return null;
        return { transactionId: String(o.transactionId), link: str(o.link) ?? '', months, emiObligations };
      });
      const v = reply!.value;
      const bounces = v.months.reduce((s, m) => s + m.bounces, 0);
      const averageMonthlyInflow = Math.round(v.months.reduce((s, m) => s + m.inflow, 0) / v.months.length);
      return { ...v, bounces, averageMonthlyInflow, raw: replyText(v) };
    },
  };
}

export function httpDecisionEngine(c: SystemConfig, tenant: string): DecisionEngineAdapter {
  const http = httpClient('Decision engine', c, breakerFor(`${tenant}|DECISION_ENGINE|${c.baseUrl}`, c));
  return {
    name: 'http',
    async execute(a, b, input) {
      const reply = await http.call('POST', `/decision_engine/execute/${encodeURIComponent(a)}/${encodeURIComponent(b)}`, input, (j): Omit<Decision, 'raw'> | null => {
        const o = obj(j);
        const rules = o && all<DecisionRuleResult>(o.rules, (r) =>
          str(r.rule) && typeof r.passed === 'boolean' && (r.effect === 'REFER' || r.effect === 'DECLINE') && str(r.reason)
            ? { rule: String(r.rule), passed: r.passed, effect: r.effect, reason: String(r.reason) } : null, 100);
        if (!o || !rules || !['APPROVE', 'REFER', 'DECLINE'].includes(String(o.outcome)) || !str(o.reference)) return null;
        return { reference: String(o.reference), outcome: o.outcome as Decision['outcome'], rules };
      });
      return { ...reply!.value, raw: replyText(reply!.value) };
    },
  };
}

const PATHS = { LOAN_CREATION: '/loans', DISBURSEMENT_TRANCHE: '/loans/tranches', ACH_MANDATE: '/mandates' } as const;

function moneyResult(j: unknown): Omit<MoneyResult, 'raw'> | null {
  const o = obj(j);
  if (!o || !str(o.reference) || (o.status !== 'CONFIRMED' && o.status !== 'REJECTED')) return null;
  return { reference: String(o.reference), status: o.status, ...(str(o.reason) ? { reason: String(o.reason) } : {}) };
}

export function httpMoney(system: 'CORE_BANKING' | 'MANDATE', c: SystemConfig, tenant: string): MoneyAdapter {
  const http = httpClient(system === 'CORE_BANKING' ? 'Core banking' : 'Mandate service', c, breakerFor(`${tenant}|${system}|${c.baseUrl}`, c));
  return {
    name: 'http',
    async send(op) {
      // The same key on every attempt (retries here and runs of the job queue): the service applies it once.
      const reply = await http.call('POST', PATHS[op.operation], { applicationId: op.applicationId, ...op.body }, moneyResult, { 'idempotency-key': op.idempotencyKey });
      return { ...reply!.value, raw: replyText(reply!.value) };
    },
    async lookup(key) {
      const reply = await http.call('GET', `/operations/${encodeURIComponent(key)}`, undefined, moneyResult);
      return reply ? { ...reply.value, raw: replyText(reply.value) } : null;
    },
  };
}
