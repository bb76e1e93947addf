import { createHash } from 'node:crypto';
import {
  AdapterError,
  type Applicant,
  type BankStatementAdapter,
  type BureauAccount,
  type BureauAdapter,
  type DecisionEngineAdapter,
  type DecisionRuleResult,
  type MoneyAdapter,
  type MoneyResult,
} from './types';

/**
 * The sandbox of every credit system: nothing leaves the machine, and the same applicant always gets the same answer,
 * so a demo or a test can pick an outcome by the data it enters (README "Credit sandbox"):
 * - bureau score = 550 + (the PAN's four digits mod 350): ABCDE0200F → 750, ABCDE0100F → 650, ABCDE0050F → 600;
 *   1–4 accounts (lender, type, amounts, EMI, DPD) derived from a hash of the PAN;
 * - bank-statement bounces by the PAN's last letter: A–F none, G–L 1, M–R 2, S–Z 4; six months of inflows around
 *   the declared monthly income; the EMI debits are the bureau's active accounts, so the two reports agree;
 * - decision engine rules: see SANDBOX_RULES;
 * - money calls confirm, except an amount ending in .13 (rejected), and answer the same reference for the same key.
 */

const hash = (salt: string, s: string) => parseInt(createHash('sha256').update(`${salt}|${s}`).digest('hex').slice(0, 8), 16);
const round = (n: number) => Math.round(n);
const LENDERS = ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Bajaj Finance', 'Kotak Mahindra Bank'];
const TYPES: BureauAccount['type'][] = ['PERSONAL_LOAN', 'CREDIT_CARD', 'AUTO_LOAN', 'HOME_LOAN', 'GOLD_LOAN'];

function requirePan(a: Applicant): { digits: number; last: string } {
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(a.pan)) throw new AdapterError('REJECTED', 'The bureau needs the applicant\'s PAN (AAAAA9999A)', false);
  return { digits: Number(a.pan.slice(5, 9)), last: a.pan[9] };
}

export function sandboxScore(pan: string): number {
  return 550 + (Number(pan.slice(5, 9)) % 350);
}

function accountsOf(pan: string): BureauAccount[] {
  const score = sandboxScore(pan);
  const count = 1 + (hash('count', pan) % 4);
  return Array.from({ length: count }, (_, i) => {
    const h = hash(`acct${i}`, pan);
    const type = TYPES[h % TYPES.length];
    const sanctioned = type === 'HOME_LOAN' ? 1500000 + (h % 30) * 100000 : 50000 + (h % 20) * 25000;
    const outstanding = round((sanctioned * (10 + (h % 80))) / 100);
    const closed = count >= 3 && i === count - 1;
    const emi = closed ? 0 : type === 'CREDIT_CARD' ? round(outstanding * 0.05) : round(sanctioned * (type === 'HOME_LOAN' ? 0.009 : 0.025));
    return {
      lender: LENDERS[(h >>> 4) % LENDERS.length],
      type,
      sanctioned,
      outstanding: closed ? 0 : outstanding,
      emi,
      dpd: score < 650 && i === 0 ? 60 : score < 700 && i === 0 ? 30 : 0,
      status: closed ? 'CLOSED' : 'ACTIVE',
    };
  });
}

export const sandboxBureau: BureauAdapter = {
  name: 'sandbox',
  async pull(a) {
    requirePan(a);
    const accounts = accountsOf(a.pan);
    const monthlyObligations = accounts.reduce((s, x) => s + x.emi, 0);
    const reference = `SBX-CIR-${hash('ref', `${a.applicationId}|${a.pan}`).toString(16).toUpperCase()}`;
    const score = sandboxScore(a.pan);
    const enquiriesLast6Months = hash('enq', a.pan) % 5;
    // The stored reply is the product's fields, as the http adapter keeps them (types.ts `raw`).
    const raw = JSON.stringify({ reference, score, accounts, enquiriesLast6Months });
    return { reference, score, accounts, monthlyObligations, enquiriesLast6Months, raw };
  },
};

const BOUNCES: [RegExp, number][] = [[/[A-F]/, 0], [/[G-L]/, 1], [/[M-R]/, 2], [/[S-Z]/, 4]];

export const sandboxBankStatement: BankStatementAdapter = {
  name: 'sandbox',
  async analyse(a) {
    const { last } = requirePan(a);
    const income = a.monthlyIncome && a.monthlyIncome > 0 ? a.monthlyIncome : 50000;
    const totalBounces = BOUNCES.find(([re]) => re.test(last))?.[1] ?? 0;
    const emiObligations = accountsOf(a.pan).reduce((s, x) => s + x.emi, 0);
    const transactionId = `SBX-TXN-${hash('txn', `${a.applicationId}|${a.pan}`).toString(16).toUpperCase()}`;
    // Bounces fall in the latest months first, at most two a month.
    const perMonth = Array<number>(6).fill(0);
    for (let left = totalBounces, i = 5; left > 0 && i >= 0; i--) left -= perMonth[i] = Math.min(2, left);
    const now = new Date();
    const months = Array.from({ length: 6 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6 + i, 1));
      const h = hash(`m${i}`, a.pan);
      const other = round((income * (h % 10)) / 100);
      const inflow = income + other;
      return {
        month: d.toISOString().slice(0, 7),
        inflow,
        outflow: round((inflow * (70 + (h % 25))) / 100),
        salaryCredit: income,
        bounces: perMonth[i],
      };
    });
    const bounces = months.reduce((s, m) => s + m.bounces, 0);
    const averageMonthlyInflow = round(months.reduce((s, m) => s + m.inflow, 0) / months.length);
    const link = `sandbox://bank-statement/${transactionId}`;
    const raw = JSON.stringify({ transactionId, link, months, emiObligations });
    return { transactionId, link, months, averageMonthlyInflow, bounces, emiObligations, raw };
  },
};

/** The sandbox engine's credit policy: each rule with what failing it does. */
export const SANDBOX_RULES = {
  minScoreDecline: 650,
  minScoreApprove: 700,
  maxFoirDecline: 0.6,
  maxFoirApprove: 0.5,
  maxBounces: 2,
  minAge: 21,
  maxAge: 65,
};

export const sandboxDecisionEngine: DecisionEngineAdapter = {
  name: 'sandbox',
  async execute(_a, _b, i) {
    const R = SANDBOX_RULES;
    const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
    const rules: DecisionRuleResult[] = [
      i.age === null
        ? { rule: 'AGE', passed: false, effect: 'REFER', reason: 'Date of birth is missing' }
        : { rule: 'AGE', passed: i.age >= R.minAge && i.age <= R.maxAge, effect: 'DECLINE', reason: `Age ${i.age} (policy ${R.minAge}–${R.maxAge})` },
      i.bureauScore === null
        ? { rule: 'BUREAU_SCORE', passed: false, effect: 'REFER', reason: 'No bureau report on the application' }
        : i.bureauScore < R.minScoreDecline
          ? { rule: 'BUREAU_SCORE', passed: false, effect: 'DECLINE', reason: `Bureau score ${i.bureauScore} is below ${R.minScoreDecline}` }
          : { rule: 'BUREAU_SCORE', passed: i.bureauScore >= R.minScoreApprove, effect: 'REFER', reason: `Bureau score ${i.bureauScore} (approve from ${R.minScoreApprove})` },
      i.foir > R.maxFoirDecline
        ? { rule: 'FOIR', passed: false, effect: 'DECLINE', reason: `FOIR ${pct(i.foir)} is above ${pct(R.maxFoirDecline)}` }
        : { rule: 'FOIR', passed: i.foir <= R.maxFoirApprove, effect: 'REFER', reason: `FOIR ${pct(i.foir)} (policy ${pct(R.maxFoirApprove)})` },
      i.bounces === null
        ? { rule: 'BANK_BOUNCES', passed: false, effect: 'REFER', reason: 'No bank-statement analysis on the application' }
        : { rule: 'BANK_BOUNCES', passed: i.bounces <= R.maxBounces, effect: 'REFER', reason: `${i.bounces} bounce(s) in six months (policy at most ${R.maxBounces})` },
      { rule: 'LOAN_WITHIN_ELIGIBILITY', passed: i.loanAmount <= i.maxEligibleAmount, effect: 'REFER', reason: `Loan ${i.loanAmount} against an eligible ${i.maxEligibleAmount}` },
    ];
    const failed = rules.filter((r) => !r.passed);
    const outcome = failed.some((r) => r.effect === 'DECLINE') ? 'DECLINE' : failed.length ? 'REFER' : 'APPROVE';
    const reference = `SBX-DE-${hash('de', JSON.stringify(i)).toString(16).toUpperCase()}`;
    return { reference, outcome, rules, raw: JSON.stringify({ reference, outcome, rules }) };
  },
};

/** Money sandbox: the other side remembers each key, so a repeated key answers the first outcome (as a bank's would). */
export function sandboxMoney(prefix: 'CBS' | 'NACH'): MoneyAdapter {
  const seen = new Map<string, MoneyResult>();
  return {
    name: 'sandbox',
    async send(op) {
      const before = seen.get(op.idempotencyKey);
      if (before) return before;
      const reference = `${prefix}-${hash('money', op.idempotencyKey).toString(16).toUpperCase()}`;
      const amount = Number(op.body.amount ?? 0);
      const result: MoneyResult = Math.round(amount * 100) % 100 === 13
        ? { status: 'REJECTED', reference, reason: 'Declined by the sandbox (amounts ending in .13 always fail)', raw: JSON.stringify({ reference, status: 'REJECTED', reason: 'Declined by the sandbox (amounts ending in .13 always fail)' }) }
        : { status: 'CONFIRMED', reference, raw: JSON.stringify({ reference, status: 'CONFIRMED' }) };
      seen.set(op.idempotencyKey, result);
      return result;
    },
    async lookup(key) {
      return seen.get(key) ?? null;
    },
  };
}
