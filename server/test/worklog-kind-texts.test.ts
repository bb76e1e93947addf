import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';
import { insertWorklog, renderWorklog, worklogColumns, worklogTemplates, worklogTerms, type WorklogText } from '../src/domain/tasks/worklog-text';

// Issue 30, the last English worklog sentences: approvals, money calls, cooling-off, loan documents, video calls and
// document edits store a key and parameters (block worklogKindTexts of the language files) and read in the reader's
// language; amounts are formatted when read; a team is named, never shown by its id, in English too.

let t: TestApp;
let cpa1: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  cpa1 = await loginAs(t.app, 'cpa1');
});
afterAll(() => t.close());

const block = (lang: string) => (JSON.parse(readFileSync(join(__dirname, '..', 'src', 'i18n', `${lang}.json`), 'utf8')) as { worklogKindTexts: Record<string, unknown> }).worklogKindTexts;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Latin words that are language (not ids in capitals, not words joined to digits), as the Hindi walk reads them. */
const latinWords = (s: string) => (s.match(/[\p{L}\p{N}_-]+/gu) ?? []).filter((w) => /[a-z]{2,}/.test(w) && !/\d/.test(w));

/** One entry of every kind, as its writer stores it (domain/approvals, credit, cooling-off, loan-documents, video, documents). */
const LEVEL: WorklogText = { key: 'approvalWhatLevel', params: { n: 1, level: 'Branch head' } };
const RULES: WorklogText = { key: 'approvalWhatExceptions', params: { rules: 'BUREAU_SCORE,BANK_BOUNCES' }, labelLists: { rules: 'decisionRule' } };
const CALL: WorklogText = { key: 'moneyCallWhatAmount', params: { operation: 'LOAN_CREATION', callId: 'LOAN-APP-1', amount: 600000 }, terms: { operation: 'moneyCall' }, amounts: ['amount'] };
const money = { operation: 'DISBURSEMENT_TRANCHE', callId: 'TR-APP-1-2', requester: 'cpa1' };
const KINDS: Record<string, WorklogText> = {
  approvalApprovedLog: { key: 'approvalApprovedLog', params: { actor: 'bh1', note: ': आय सत्यापित' }, parts: { what: RULES } },
  approvalNextLevelLog: { key: 'approvalNextLevelLog', params: { actor: 'bh1', note: '', level: 'Credit committee', n: 2, levels: 2 }, parts: { what: LEVEL } },
  approvalCompleteLog: { key: 'approvalCompleteLog', params: { actor: 'cc1', note: '' }, parts: { what: LEVEL } },
  approvalCompleteOnToLog: { key: 'approvalCompleteOnToLog', params: { actor: 'cc1', note: '', step: 'Disbursement' }, parts: { what: LEVEL } },
  approvalRejectedOnlyLog: { key: 'approvalRejectedOnlyLog', params: { actor: 'bh1', reason: 'कम आय' }, parts: { what: RULES } },
  approvalRejectedLog: { key: 'approvalRejectedLog', params: { actor: 'bh1', reason: 'कम आय' }, parts: { what: LEVEL } },
  approvalForwardedLog: { key: 'approvalForwardedLog', params: { actor: 'bh1', target: 'cc1', note: '' }, parts: { what: LEVEL } },
  approvalSentBackLog: { key: 'approvalSentBackLog', params: { actor: 'bh1', maker: 'bcm1', reason: 'जून का विवरण' }, parts: { what: RULES } },
  approvalSentBackNoMakerLog: { key: 'approvalSentBackNoMakerLog', params: { actor: 'bh1', reason: 'जून का विवरण' }, parts: { what: RULES } },
  sentBackToMakerLog: { key: 'sentBackToMakerLog', params: { maker: 'bcm1', step: 'Credit Review', actor: 'bh1', reason: 'जून का विवरण' } },
  declineConfirmedLog: { key: 'declineConfirmedLog', params: { maker: 'bcm1', actor: 'bh1', declineReason: 'Poor credit history', note: '' } },
  declineNotConfirmedLog: { key: 'declineNotConfirmedLog', params: { maker: 'bcm1', actor: 'bh1', reason: 'आय पर्याप्त' } },
  deviationsRaisedLog: { key: 'deviationsRaisedLog', params: { count: 2, rules: 'FOIR,AGE' }, labelLists: { rules: 'decisionRule' } },
  externalCallFailedLog: { key: 'externalCallFailedLog', params: { system: 'BUREAU', reason: 'Bureau answered HTTP 503', failure: 'UNAVAILABLE' }, terms: { system: 'creditSystem', failure: 'adapterFailure' } },
  moneyCallRequestedLog: { key: 'moneyCallRequestedLog', params: { operation: 'ACH_MANDATE', callId: 'MANDATE-APP-1', amount: '' }, terms: { operation: 'moneyCall' }, parts: { releaser: { key: 'releaseToUser', params: { user: 'bh1', level: 'Branch head' } } } },
  moneyCallRequestedAmountLog: { key: 'moneyCallRequestedAmountLog', params: { operation: 'LOAN_CREATION', callId: 'LOAN-APP-1', amount: 600000 }, terms: { operation: 'moneyCall' }, amounts: ['amount'], parts: { releaser: { key: 'releaseToLevel', params: { level: 'Branch head', role: 'BH' } } } },
  moneyCallRetriedLog: { key: 'moneyCallRetriedLog', params: { ...money, reason: 'समय समाप्त' }, terms: { operation: 'moneyCall' } },
  moneyCallReleasedLog: { key: 'moneyCallReleasedLog', params: { actor: 'bh1', requester: 'cpa1', note: '' }, parts: { what: CALL } },
  moneyCallReturnedLog: { key: 'moneyCallReturnedLog', params: { actor: 'bh1', requester: 'cpa1', note: '' }, parts: { what: { key: 'moneyCallWhat', params: { operation: 'ACH_MANDATE', callId: 'MANDATE-APP-1' }, terms: { operation: 'moneyCall' } } } },
  moneyCallConfirmedLog: { key: 'moneyCallConfirmedLog', params: { ...money, reference: 'DBL-42', lookedUp: '' }, terms: { operation: 'moneyCall' }, parts: { lookedUp: { key: 'moneyCallLookedUp', params: {} } } },
  moneyCallRejectedLog: { key: 'moneyCallRejectedLog', params: { ...money, reference: 'DBL-43', lookedUp: '', note: '' }, terms: { operation: 'moneyCall' } },
  moneyCallAttemptFailedLog: { key: 'moneyCallAttemptFailedLog', params: { ...money, reason: 'HTTP 503', seconds: 2 }, terms: { operation: 'moneyCall' } },
  moneyCallFailedLog: { key: 'moneyCallFailedLog', params: { ...money, reason: 'HTTP 503' }, terms: { operation: 'moneyCall' } },
  disbursementCompletedLog: { key: 'disbursementCompletedLog', params: { amount: 600000 }, amounts: ['amount'] },
  disbursementCompletedStepLog: { key: 'disbursementCompletedStepLog', params: { amount: 600000, step: 'Disbursement' }, amounts: ['amount'] },
  coolingOffExitRequestedLog: { key: 'coolingOffExitRequestedLog', params: { amount: 200062.52, principal: 200000, interest: 62.52, days: 1, rate: 11.41 }, amounts: ['amount', 'principal', 'interest'] },
  coolingOffExitProcessedLog: { key: 'coolingOffExitProcessedLog', params: { actor: 'bh1', reason: 'राशि प्राप्त' } },
  loanDocumentsNotSentLog: { key: 'loanDocumentsNotSentLog', params: { names: 'sanction-letter-APP-1.pdf' } },
  loanDocumentSentLog: { key: 'loanDocumentSentLog', params: { title: 'SANCTION_LETTER', name: 'sanction-letter-APP-1.pdf', version: 1, email: 'r***@example.in', trigger: 'loan created' }, terms: { title: 'loanDocument', trigger: 'loanDocumentTrigger' } },
  kfsGeneratedLog: { key: 'kfsGeneratedLog', params: { proposalNo: 'APP-1-K1-ABC123', lang: 'hi' }, names: { hi: { lang: 'हिन्दी' } } },
  declineLetterGeneratedLog: { key: 'declineLetterGeneratedLog', params: { lang: 'en' }, names: { hi: { lang: 'अंग्रेज़ी' } } },
  videoCallStartedLog: { key: 'videoCallStartedLog', params: { applicant: 'रवि कुमार' } },
  videoCallEndedLog: { key: 'videoCallEndedLog', params: { applicant: 'रवि कुमार', outcome: 'NO_SHOW', seconds: 42 }, terms: { outcome: 'videoOutcome' } },
  videoStillLog: { key: 'videoStillLog', params: { applicant: 'रवि कुमार' } },
  documentEditedLog: { key: 'documentEditedLog', params: { name: 'pan.pdf', fields: 'doc_type,expiry_date' }, terms: { fields: 'documentField' } },
  documentEditedNothingLog: { key: 'documentEditedNothingLog', params: { name: 'pan.pdf' } },
  noteAddedLog: { key: 'noteAddedLog', params: { excerpt: 'ग्राहक से बात हुई' } },
  noteEditedLog: { key: 'noteEditedLog', params: { excerpt: 'ग्राहक से बात हुई' } },
  noteDeletedLog: { key: 'noteDeletedLog', params: { excerpt: 'ग्राहक से बात हुई' } },
  mailSentLog: { key: 'mailSentLog', params: { template: 'स्वागत', to: 'ravi@example.in' } },
  rebookedLog: { key: 'rebookedLog', params: { step: 'Data Entry' } },
  rebookedReasonLog: { key: 'rebookedReasonLog', params: { step: 'Data Entry', reason: 'ग्राहक लौटे' } },
  infoRequestResentLog: { key: 'infoRequestResentLog', params: { id: 42, to: 'ravi@example.in' } },
  queryAnsweredLog: { key: 'queryAnsweredLog', params: { subject: 'वेतन पर्ची' } },
  // Straight-through processing (domain/stp): coded reasons, the chain's steps as the product's words.
  stpNotEligibleLog: { key: 'stpNotEligibleLog', params: {}, lists: { reasons: { join: '; ', items: [
    { key: 'stpReasonEmploymentType', params: { employment: '', allowed: 'SALARIED' }, parts: { employment: { key: 'stpNone', params: {} } } },
    { key: 'stpReasonTenureBand', params: { tenure: 84, min: 12, max: 60 } },
    { key: 'stpReasonConsentBureau', params: {} },
    { key: 'stpReasonConsentBankStatement', params: {} },
  ] } } },
  stpKnockedOutLog: { key: 'stpKnockedOutLog', params: {}, lists: { reasons: { join: '; ', items: [
    { key: 'stpReasonAge', params: { age: 19, min: 21, max: 60 } }, { key: 'stpReasonNoBirthDate', params: {} },
    { key: 'stpReasonAmountBand', params: { amount: 900000, min: 50000, max: 500000 } }, { key: 'stpReasonPinCode', params: { pin: '999999' } },
    { key: 'stpReasonNoPinCode', params: {} }, { key: 'stpReasonPan', params: {} }, { key: 'stpReasonOpenApplication', params: {} },
  ] } } },
  stpStartedLog: { key: 'stpStartedLog', params: {} },
  stpStepDoneLog: { key: 'stpStepDoneLog', params: { stage: 'BUREAU', next: 'BANK_STATEMENT' }, terms: { stage: 'stpStep', next: 'stpStep' }, parts: { note: { key: 'stpNoteScore', params: { score: 742 } } } },
  stpStoppedLog: { key: 'stpStoppedLog', params: { outcome: '', step: 'Data Entry' }, terms: { outcome: 'stpOutcome' }, parts: { holder: { key: 'holderTeam', params: { team: 'CPA-NORTH' } } }, lists: {
    reasons: { join: '; ', items: [{ key: 'stpReasonStepFailed', params: { stage: 'BANK_STATEMENT', reason: 'BANK_STATEMENT: Bank statement analysis answered HTTP 503' }, terms: { stage: 'stpStep' } }] },
    done: { join: ', ', items: [{ key: 'stpStepTerm', params: { stage: 'BUREAU' }, terms: { stage: 'stpStep' } }] },
  } },
  stpStoppedOutcomeLog: { key: 'stpStoppedOutcomeLog', params: { outcome: 'APPROVE', step: '' }, terms: { outcome: 'stpOutcome' }, parts: { holder: { key: 'stpNobody', params: {} }, step: { key: 'stpNoStep', params: {} }, done: { key: 'stpNothing', params: {} } }, lists: {
    reasons: { join: '; ', items: [
      { key: 'stpReasonPolicyKeeps', params: { outcome: 'APPROVE' }, terms: { outcome: 'stpOutcome' } },
      { key: 'stpReasonRule', params: { rule: 'BUREAU_SCORE', reason: 'Bureau score 650 is below 700' }, labels: { rule: 'decisionRule' } },
      { key: 'stpStepIs', params: { step: 'Data Entry', progress: 'Rejected' }, labels: { progress: 'taskProgress' } },
      { key: 'stpStepHeld', params: { step: 'Data Entry', user: 'cpa1' } },
      { key: 'stpStepBlocked', params: { step: 'Data Entry', label: 'APPROVALS_PENDING', reason: '1 approval(s) are pending', blocker: 'APPROVALS_PENDING' }, labels: { blocker: 'taskValidationError' } },
    ] },
  } },
  stpApprovedLog: { key: 'stpApprovedLog', params: {} },
  stpApprovedStepsLog: { key: 'stpApprovedStepsLog', params: {}, lists: { steps: { join: ', ', items: [{ key: 'stpStepName', params: { step: 'Data Entry' } }, { key: 'stpStepName', params: { step: 'Credit Review' } }] } } },
  stpOfferShownLog: { key: 'stpOfferShownLog', params: {}, parts: { note: { key: 'stpNoteKfsIssued', params: { proposalNo: 'APP-1-K1-ABC123', lang: 'hi' }, terms: { lang: 'stpLanguage' } } } },
  stpStepCompletedLog: { key: 'stpStepCompletedLog', params: { step: 'Credit Review' } },
  stpRejectedLog: { key: 'stpRejectedLog', params: { declineReason: 'Poor credit history' }, lists: { reasons: { join: '; ', items: [{ key: 'stpReasonRule', params: { rule: 'FOIR', reason: 'FOIR 72% is above 60%' }, labels: { rule: 'decisionRule' } }] } } },
  // Bank-account verification (bank-accounts/verify.ts); its failed call is an externalCallFailedLog of BANK_VERIFICATION.
  bankAccountVerifiedLog: { key: 'bankAccountVerifiedLog', params: { account: '••••••••7890', ifsc: 'SBIN0004321', status: 'INVALID_ACCOUNT', holder: '', score: '', reference: 'SBX-1' }, terms: { status: 'bankVerification' }, parts: { adapter: { key: 'bankVerificationSandbox', params: {} } } },
  bankAccountVerifiedNamedLog: { key: 'bankAccountVerifiedNamedLog', params: { account: '••••••••7890', ifsc: 'SBIN0004321', status: 'VERIFIED', holder: 'KUMAR RAVI', score: 100, reference: 'SBX-1' }, terms: { status: 'bankVerification' }, parts: { adapter: { key: 'bankVerificationSandbox', params: {} } } },
  // The first request for information (queries/request-info.ts): the fields by their configured labels in each language.
  infoRequestedLog: { key: 'infoRequestedLog', params: { items: 'monthlyIncome,salarySlip' }, names: { en: { items: 'Monthly income, Salary slip' }, hi: { items: 'मासिक आय, वेतन पर्ची' } } },
  queryMovedLog: { key: 'queryMovedLog', params: { id: 42 }, parts: { fromHolder: { key: 'holderUser', params: { user: 'bcm1' } }, toHolder: { key: 'holderTeam', params: { team: 'CPA-NORTH' } } } },
};

describe(`worklog kinds in every language (${dbKind()})`, () => {
  test('the block has the same keys, placeholders and terms in English and Hindi', () => {
    const [en, hi] = [block('en'), block('hi')];
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    // Hindi names the kind of a failed call; English keeps the adapter's own message.
    // Straight-through: a failed step, an engine rule and a step's blocker keep their English reason in English; Hindi
    // names the step, the rule's label and the blocker's label instead.
    const differ: Record<string, [string[], string[]]> = {
      externalCallFailedLog: [['reason', 'system'], ['failure', 'system']],
      stpReasonStepFailed: [['reason', 'stage'], ['stage']],
      stpReasonRule: [['reason'], ['rule']],
      stpStepBlocked: [['label', 'reason', 'step'], ['blocker', 'step']],
    };
    for (const [key, text] of Object.entries(en)) {
      if (typeof text !== 'string') continue;
      expect([key, placeholders(text), placeholders(hi[key] as string)]).toEqual([key, ...(differ[key] ?? [placeholders(text), placeholders(text)])]);
    }
    const [enTerms, hiTerms] = [worklogTerms('en'), worklogTerms('hi')];
    for (const group of Object.keys(enTerms)) expect([group, Object.keys(hiTerms[group]).sort()]).toEqual([group, Object.keys(enTerms[group]).sort()]);
    // Every entry kind of the block is written somewhere (a sample of each below).
    const kinds = Object.keys(en).filter((k) => k.endsWith('Log'));
    expect(kinds.filter((k) => !KINDS[k])).toEqual([]);
    expect(Object.keys(worklogTemplates('hi'))).toEqual(expect.arrayContaining(kinds));
  });

  test('each kind stores its key and parameters, reads in Hindi with no English word, and in English as a sentence', async () => {
    const english: Record<string, string> = {};
    const latin: Record<string, string[]> = {};
    for (const [kind, entry] of Object.entries(KINDS)) {
      const [comment, stored] = await worklogColumns(t.app.db, entry);
      const text = JSON.parse(stored!) as WorklogText;
      expect(text).toMatchObject({ key: kind, params: entry.params });
      english[kind] = comment;
      // Ids (capitals, joined to digits), names of people and e-mail addresses are data; a Latin word is not allowed.
      const words = latinWords(renderWorklog(text, 'hi').replace(/[\w.*+-]+@[\w-]+(\.[\w-]+)+/g, ' ').replace(/[\w-]+\.(pdf|jpg|png)\b/g, ' '));
      if (words.length) latin[kind] = words;
    }
    // The English adapter message stays in English (external words); Hindi says what kind of failure it was.
    expect(latin).toEqual({});
    expect(english).toMatchObject({
      approvalApprovedLog: 'Exceptions (Bureau score, Bounced payments) approved by bh1: आय सत्यापित',
      approvalNextLevelLog: 'Level 1 (Branch head) approved by bh1; waits for Credit committee (level 2 of 2)',
      moneyCallRequestedAmountLog: 'Loan creation requested (LOAN-APP-1, ₹6,00,000); waits for release by Branch head (role BH)',
      moneyCallReleasedLog: 'Loan creation LOAN-APP-1 (₹6,00,000) released by bh1 (requested by cpa1)',
      moneyCallConfirmedLog: 'Disbursement tranche TR-APP-1-2: CONFIRMED — Confirmed (DBL-42) — found already applied, not sent again (requested by cpa1)',
      coolingOffExitRequestedLog: 'The borrower asked to exit the loan in its cooling-off period: repays ₹2,00,062.52 (principal ₹2,00,000 + interest ₹62.52 for 1 day(s) at 11.41 % a year, no penalty)',
      externalCallFailedLog: 'Bureau call failed: Bureau answered HTTP 503',
      videoCallEndedLog: 'Video call with रवि कुमार ended (no show, 42 s)',
      documentEditedLog: 'Edited pan.pdf: document type, expiry date',
      queryMovedLog: 'Query 42 moved from bcm1 to team CPA North',
      loanDocumentSentLog: 'Sanction letter (sanction-letter-APP-1.pdf, version 1) e-mailed to the borrower at r***@example.in (loan created)',
    });
    expect(renderWorklog(KINDS.moneyCallReleasedLog, 'hi')).toBe('ऋण निर्माण LOAN-APP-1 (₹6,00,000) को bh1 ने जारी किया (cpa1 का अनुरोध)');
    expect(renderWorklog(KINDS.approvalApprovedLog, 'hi')).toMatch(/^अपवाद \(.+, .+\) को bh1 ने स्वीकृत किया: आय सत्यापित$/);
  });

  test('straight-through, bank-account verification and the first request for information: English as before, Hindi throughout', async () => {
    const read = async (kind: string) => {
      const [comment, stored] = await worklogColumns(t.app.db, KINDS[kind]);
      return { en: comment, hi: renderWorklog(JSON.parse(stored!) as WorklogText, 'hi') };
    };
    expect((await read('stpKnockedOutLog')).en).toBe("Straight-through: knocked out before any paid call (Age 19 is outside 21–60; No date of birth; Loan amount 900000 is outside 50000–500000; Pin code 999999 is not served; No pin code to check against the areas served; No valid PAN; Another application with the same PAN is open); the bureau was not called; the application waits in its team's queue");
    expect((await read('stpNotEligibleLog')).en).toBe("Straight-through: not eligible (Employment type (none) is not served unattended (SALARIED); Tenure 84 months is outside 12–60; The applicant has not consented to the credit bureau check; The applicant has not consented to the bank-statement analysis); the application waits in its team's queue");
    const stopped = await read('stpStoppedLog');
    expect(stopped.en).toBe('Straight-through stopped: Bank-statement analysis failed: BANK_STATEMENT: Bank statement analysis answered HTTP 503. Done: Bureau pull. Waits for team CPA North (Data Entry)');
    expect(stopped.hi).toMatch(/^स्वचालित प्रक्रिया रुकी: बैंक विवरण विश्लेषण विफल रहा .+। पूरा हुआ: ब्यूरो जाँच। टीम .+ की प्रतीक्षा \(.+\)$/);
    expect((await read('stpStoppedOutcomeLog')).en).toBe('Straight-through stopped (APPROVE): The policy keeps a APPROVE for the officer; Bureau score 650 is below 700; Step Data Entry is Rejected; Step Data Entry is held by cpa1; Data Entry: APPROVALS_PENDING — 1 approval(s) are pending. Done: nothing. Waits for nobody (no step)');
    expect((await read('stpStepDoneLog')).en).toBe('Straight-through: Bureau pull done (score 742); Bank-statement analysis queued');
    expect((await read('stpApprovedStepsLog')).en).toBe('Straight-through: decision APPROVE; steps completed: Data Entry, Credit Review; offer and KFS queued');
    expect((await read('stpRejectedLog')).en).toBe('Rejected (Poor credit history) by straight-through processing: FOIR 72% is above 60%');
    expect((await read('stpStepCompletedLog')).en).toBe('Step Credit Review completed after the mandatory checks (straight-through)');
    const verified = await read('bankAccountVerifiedNamedLog');
    expect(verified.en).toBe('Disbursement account ••••••••7890 (SBIN0004321) verified; the bank names KUMAR RAVI, match 100/100 (sandbox: no bank was asked, SBX-1)');
    expect(verified.hi).toBe('वितरण खाता ••••••••7890 (SBIN0004321): सत्यापित; बैंक के अनुसार धारक KUMAR RAVI, मिलान 100/100 (सैंडबॉक्स: किसी बैंक से नहीं पूछा गया, SBX-1)');
    const rfi = await read('infoRequestedLog');
    expect(rfi).toEqual({ en: 'Information requested from the applicant (Monthly income, Salary slip); SLA paused while waiting', hi: 'आवेदक से जानकारी माँगी गई (मासिक आय, वेतन पर्ची); प्रतीक्षा के दौरान एसएलए रुका' });
    // A failed verification call is a failed external call like the others: Hindi names the kind of failure.
    expect(renderWorklog({ key: 'externalCallFailedLog', params: { system: 'BANK_VERIFICATION', reason: 'Provider answered HTTP 503', failure: 'UNAVAILABLE' }, terms: { system: 'creditSystem', failure: 'adapterFailure' } }, 'en')).toBe('Bank-account verification call failed: Provider answered HTTP 503');
  });

  test('a team is stored by its id and read by its name, in English too', async () => {
    const [comment, stored] = await worklogColumns(t.app.db, { key: 'queryRaisedTeam', params: { team: 'APPROVAL', subject: 'वेतन पर्ची' } });
    expect(comment).toBe('Query raised to team Approval: वेतन पर्ची');
    const text = JSON.parse(stored!) as WorklogText;
    expect(text.params.team).toBe('APPROVAL');
    expect(renderWorklog(text, 'hi')).toBe('टीम स्वीकृति को प्रश्न भेजा गया: वेतन पर्ची');
  });

  test('the worklogs tab gets every language of a keyed entry, and an old sentence as it was written', async () => {
    const saved = await t.app.inject({ method: 'POST', url: '/v3/application/save', headers: cpa1.headers, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Kind', lastName: 'Texts' }], customFields: { loanAmount: 150000 } } });
    expect(saved.statusCode).toBe(201);
    const id = (saved.json() as Json).data.application_id as string;
    await insertWorklog(t.app.db, { applicationId: id, taskId: 'current', userId: 'system', action: 'complete_disbursement', at: new Date(), text: KINDS.disbursementCompletedStepLog });
    await t.app.db.query(`INSERT INTO worklogs (application_id, user_id, action, comment) VALUES ($1, 'system', 'loan_exit_processed', 'Cooling-off exit processed by bh1: paid')`, [id]);
    const page = (await t.app.inject({ method: 'GET', url: `/v3/taskconfigs/worklogs/${id}?limit=10`, headers: cpa1.headers })).json() as Json;
    const [legacy, keyed] = page.data as Json[];
    expect(legacy).toMatchObject({ action: 'loan_exit_processed', comment: 'Cooling-off exit processed by bh1: paid' });
    expect(legacy.texts).toBeUndefined();
    expect(keyed.taskId).toEqual(expect.any(String));
    expect(keyed.texts).toEqual({
      en: 'Application completed: the sanctioned ₹6,00,000 is disbursed in full and confirmed by core banking (step Disbursement completed)',
      hi: 'आवेदन पूरा: स्वीकृत ₹6,00,000 पूरा वितरित हुआ और कोर बैंकिंग ने पुष्टि की (चरण ऋण वितरण पूरा)',
    });
  });
});
