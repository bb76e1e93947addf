import { render, screen } from '@testing-library/react';
import { i18nStore, setDisplayTimeZone, type Dictionary } from '@lendline/shared';
import WorklogsTab from '../src/features/worklogs/worklogs-tab';

jest.mock('../src/api/tasks-api', () => ({ fetchWorklogs: jest.fn() }));
const api = jest.requireMock<Record<string, jest.Mock>>('../src/api/tasks-api');

// Issue 30: every worklog kind the server writes with a key (block worklogKindTexts of the server's language files)
// reads in Hindi on the worklogs tab, with no English word outside ids, numbers, file names and e-mail addresses, and
// without the lang="en" that only entries written as English sentences (before they were keyed) carry.

type Block = Record<string, string> & { terms: Record<string, Record<string, string>> };
/**
 * The language files as GET /assets/i18n/{lang}.json serves them (data, not code: what the page merges over the
 * shell's), read as fixtures like shared's labels test does.
 */
const served = (lang: string) => jest.requireActual<Dictionary & { worklogKindTexts: Block }>(`../../server/src/i18n/${lang}.json`);
const files = { en: served('en'), hi: served('hi') };

/** What each kind is audited under (its event label shows beside it). */
const ACTION: Record<string, string> = {
  approval: 'approve', sentBack: 'send_back', decline: 'approve', deviations: 'credit_deviation', externalCall: 'external_call', moneyCallRequested: 'integration_request',
  moneyCallRetried: 'integration_retry', moneyCallReleased: 'integration_release', moneyCallReturned: 'integration_return', moneyCall: 'integration_call',
  disbursement: 'complete_disbursement', coolingOffExitRequested: 'loan_exit_request', coolingOffExitProcessed: 'loan_exit_processed', loanDocumentsNotSent: 'loan_documents_not_sent',
  loanDocumentSent: 'loan_documents_sent', kfs: 'DOCUMENT_GENERATED', declineLetter: 'DOCUMENT_GENERATED', videoCallStarted: 'video_call_started', videoCallEnded: 'video_call_ended',
  videoStill: 'video_call_still', document: 'DOCUMENT_METADATA', noteAdded: 'addNote', noteEdited: 'updateNote', noteDeleted: 'deleteNote', mailSent: 'sendMailCommon',
  rebooked: 'rebook', infoRequestResent: 'sendRequestForInfoNotifications', queryAnswered: 'updateAndResolveQuery', queryMoved: 'updateSubTask',
  stp: 'straight_through', stpStepCompleted: 'complete_step/system', stpRejected: 'reject', bankAccountVerified: 'bank_account_verification', infoRequested: 'requestInfo',
};
const actionOf = (key: string) => ACTION[Object.keys(ACTION).filter((p) => key.startsWith(p)).sort((a, b) => b.length - a.length)[0]];

/** Parameter values as the server fills them: people by user id, ids, amounts already formatted, words from the language file. */
function fill(lang: 'en' | 'hi', template: string): string {
  const b = files[lang].worklogKindTexts;
  const sample: Record<string, string> = {
    what: b.approvalWhatLevel.replace('{n}', '1').replace('{level}', lang === 'hi' ? 'शाखा प्रमुख' : 'Branch head'),
    releaser: b.releaseToLevel.replace('{level}', lang === 'hi' ? 'शाखा प्रमुख' : 'Branch head').replace('{role}', 'BH'),
    lookedUp: b.moneyCallLookedUp, actor: 'bh1', maker: 'bcm1', target: 'cc1', requester: 'cpa1', user: 'admin1',
    note: lang === 'hi' ? ': आय सत्यापित' : ': Income verified', reason: lang === 'hi' ? 'दस्तावेज़ अधूरे' : 'Documents incomplete',
    level: lang === 'hi' ? 'क्रेडिट समिति' : 'Credit committee', step: lang === 'hi' ? 'ऋण वितरण' : 'Disbursement', declineReason: lang === 'hi' ? 'कमज़ोर क्रेडिट इतिहास' : 'Poor credit history',
    rules: lang === 'hi' ? 'ब्यूरो स्कोर, FOIR' : 'Bureau score, FOIR', operation: b.terms.moneyCall.LOAN_CREATION, system: b.terms.creditSystem.BUREAU, failure: b.terms.adapterFailure.TIMEOUT,
    outcome: b.terms.videoOutcome.COMPLETED, title: b.terms.loanDocument.SANCTION_LETTER, trigger: b.terms.loanDocumentTrigger['loan created'],
    fields: [b.terms.documentField.doc_type, b.terms.documentField.expiry_date].join(', '), lang: lang === 'hi' ? 'हिन्दी' : 'hi',
    applicant: lang === 'hi' ? 'रवि कुमार' : 'Ravi Kumar', callId: 'LOAN-APP-00000241', reference: 'DBL-1042', amount: '₹6,00,000', principal: '₹6,00,000', interest: '₹1,849.32',
    name: 'sanction-letter-APP-00000241.pdf', names: 'sanction-letter-APP-00000241.pdf', email: 'r***@example.in', proposalNo: 'APP-00000241-K1-A1B2C3',
    excerpt: lang === 'hi' ? 'ग्राहक से बात हुई' : 'Spoke to the customer', template: lang === 'hi' ? 'स्वागत' : 'Welcome', to: 'ravi@example.in', id: '42',
    subject: lang === 'hi' ? 'वेतन पर्ची' : 'Salary slips', fromHolder: 'bcm1', toHolder: b.holderTeam.replace('{team}', lang === 'hi' ? 'सीपीए उत्तर' : 'CPA North'),
    n: '1', levels: '2', count: '2', seconds: '42', days: '1', rate: '11.25', version: '1',
    // Straight-through, bank-account verification, the first request for information.
    reasons: b.stpReasonAge.replace('{age}', '19').replace('{min}', '21').replace('{max}', '60'), stage: b.terms.stpStep.BUREAU, next: b.terms.stpStep.BANK_STATEMENT,
    done: b.terms.stpStep.BUREAU, holder: b.holderTeam.replace('{team}', lang === 'hi' ? 'सीपीए उत्तर' : 'CPA North'), steps: lang === 'hi' ? 'डेटा प्रविष्टि' : 'Data Entry',
    account: '••••••••7890', ifsc: 'SBIN0004321', status: b.terms.bankVerification.VERIFIED, score: '100', adapter: b.bankVerificationSandbox,
    items: lang === 'hi' ? 'नियोक्ता का नाम, आय के दस्तावेज़' : 'Employer name, Income documents',
  };
  return template.replace(/\{(\w+)\}/g, (_, p: string) => {
    if (!(p in sample)) throw new Error(`no sample for {${p}}`);
    return sample[p];
  });
}

const kinds = Object.keys(files.en.worklogKindTexts).filter((k) => k.endsWith('Log'));
const entries = kinds.map((key, i) => ({
  id: String(1000 - i), at: '2026-11-26T10:00:00.000Z', userId: 'bh1', userName: 'Harish Rao', action: actionOf(key), taskId: null,
  comment: fill('en', files.en.worklogKindTexts[key]), texts: { en: fill('en', files.en.worklogKindTexts[key]), hi: fill('hi', files.hi.worklogKindTexts[key]) }, kind: key,
}));
/** An entry written as an English sentence before its kind was keyed: shown as written, declared English. */
const legacy = { id: '1', at: '2026-11-20T10:00:00.000Z', userId: 'bh1', userName: 'Harish Rao', action: 'loan_exit_processed', comment: 'Cooling-off exit processed by bh1: paid', taskId: null };

/** Latin words that are language: not an id in capitals, not joined to a digit, not an e-mail address or file name. */
const latinWords = (text: string) =>
  (text.replace(/[\w.*+-]+@[\w-]+(\.[\w-]+)+/g, ' ').replace(/[\w-]+\.pdf\b/g, ' ').match(/[\p{L}\p{N}_-]+/gu) ?? []).filter((w) => /[a-z]/.test(w) && !/\d/.test(w) && w !== 'Harish' && w !== 'Rao');

beforeAll(() => setDisplayTimeZone('Asia/Kolkata'));
afterAll(() => setDisplayTimeZone(null));

test('every keyed worklog kind reads in Hindi: no English word, nothing declared English; an old sentence is declared', async () => {
  expect(kinds.length).toBeGreaterThan(30);
  expect(entries.filter((e) => !e.action).map((e) => e.kind)).toEqual([]);
  i18nStore.setState({ lang: 'hi', dictionaries: { en: files.en, hi: files.hi } });
  api.fetchWorklogs.mockResolvedValue({ data: [...entries.map(({ kind: _kind, ...e }) => e), legacy], pageInfo: { nextCursor: null, hasMore: false } });
  render(<WorklogsTab applicationId="APP-00000241" taskId="TSK-1" application={{ verNum: 4, currentTask: { taskId: 'TSK-1' } } as never} onChanged={jest.fn()} />);
  await screen.findAllByTestId('worklog');
  const rows = screen.getAllByTestId('worklog');
  expect(rows).toHaveLength(entries.length + 1);
  const english: Record<string, string[]> = {};
  entries.forEach((e, i) => {
    expect([e.kind, rows[i].querySelector('[lang="en"]')]).toEqual([e.kind, null]);
    const words = latinWords(rows[i].textContent ?? '');
    if (words.length) english[e.kind] = words;
  });
  expect(english).toEqual({});
  // Spot checks: the money call by its Hindi name with the amount as formatted, the video outcome in Hindi.
  expect(rows[kinds.indexOf('moneyCallRequestedAmountLog')].textContent).toContain('ऋण निर्माण का अनुरोध (LOAN-APP-00000241, ₹6,00,000); शाखा प्रमुख (भूमिका BH) द्वारा जारी करने की प्रतीक्षा');
  expect(rows[kinds.indexOf('videoCallEndedLog')].textContent).toContain('वीडियो कॉल समाप्त (पूरी हुई, 42 सेकंड)');
  // The old sentence: shown as written, marked English, so the Hindi walk declares rather than reads it.
  expect(rows[entries.length].querySelector('[lang="en"]')?.textContent).toBe('Cooling-off exit processed by bh1: paid');
  expect(rows[entries.length].textContent).toContain('(कूलिंग-ऑफ़ निकास पूरा)');
});
