import { staffApp } from './helpers/staff-app';
import { portalSession } from './helpers/portal-session';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';

const s = staffApp([]);
const portal = portalSession(s);

/** A create answers the application's appRefId; saves of that application send it back (header appRefId). */
const save = portal.save;

const personal = {
  firstName: 'Asha',
  lastName: 'Rao',
  dateOfBirth: '15/08/1990',
  gender: 'Female',
  mobile: '9876543210',
  email: 'asha@example.com',
  panNumber: 'ABCDE1234F',
};

describe(`portal consumer save on ${dbKind()}`, () => {
  let appId: string;
  let ref: string;

  test('a customer starts a single personal-loan application; staff see it', async () => {
    const res = await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single', source_id: 'web', campaign_id: 'C1' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ product_code: 'PL', singleORjoint: 'Single', flowId: 'PL_FLOW', campaign_id: 'C1', application_status: 'ACTIVE' });
    expect(data.applicant).toEqual([{ applicantId: `${data.application_id}-P`, type: 'primary' }]);
    appId = data.application_id;
    ref = res.json().appRefId;
    expect(ref).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const staff = await loginAs(s.app, 'cpa1');
    const seen = await s.app.inject({ method: 'GET', url: `/v3/application/${appId}`, headers: staff.headers });
    expect(seen.statusCode).toBe(200);
  });

  test('joint needs a co-applicant within maximumJointApplicants', async () => {
    const res = await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Joint', coApplicants: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1101);
    const ok = await save({ product_code: 'PL', existing_or_new_customer: 'existing', singleORjoint: 'Joint', coApplicants: 1, guarantors: 1 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.applicant.map((a: { type: string }) => a.type)).toEqual(['primary', 'secondary', 'guarantor']);
  });

  test('the server re-validates: 1101 with label - reason items for bad and missing answers', async () => {
    const res = await save({ application_id: appId, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: { ...personal, dateOfBirth: '31/02/1990', email: '' } }, ref);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1101 });
    expect(res.json().data).toEqual(expect.arrayContaining([{ label: 'Date of birth', reason: 'Invalid date' }, { label: 'Email address', reason: 'This field is required' }]));
  });

  test('an 11-digit amount is refused even as a draft', async () => {
    const res = await save({ application_id: appId, section_id: 'PL_loan', sub_section_id: 'PL_loan_details', values: { loanAmount: '12345678901' }, draft: true }, ref);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ label: 'Loan amount', reason: 'Invalid value' }]);
  });

  test('a draft with missing answers counts as in progress (0.5); a valid save completes the sub-section', async () => {
    const draft = await save({ application_id: appId, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: { firstName: 'Asha' }, draft: true }, ref);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().status).toBe('PROGRESS');
    const res = await save({ application_id: appId, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal }, ref);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().status).toBe('COMPLETE');
    expect(data.customFields).toMatchObject(personal);
    expect(data.progress[0]).toMatchObject({ sectionId: 'PL_applicant', components: [{ componentId: 'PL_personal', status: 'COMPLETE' }] });
    expect(data.sub_section_id).toBe('PL_personal');
  });

  test('an unencrypted body is accepted only as JSON the schema allows; garbage ciphertext is 1101', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/v3/application/consumer/save_or_update', headers: { ...portal.headers, 'x-lendline-encrypted': 'aes-cbc' }, payload: { data: 'zz:zz' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1101);
  });
});

describe('portal documents, OTP and EMI', () => {
  let appId: string;
  let ref: string;
  beforeAll(async () => {
    const created = (await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' })).json();
    appId = created.data.application_id;
    ref = created.appRefId;
  });
  const upload = (fileName: string, type: string, bytes: Buffer) =>
    s.app.inject({ method: 'POST', url: '/api/uploadLocalFiletoS3', headers: { ...portal.headers, appRefId: ref }, payload: { app_id: appId, fieldKey: 'kycDocuments', fileName, type, content: bytes.toString('base64') } });

  test('a PDF is stored and gets a fileId', async () => {
    const res = await upload('pan.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fileId: expect.stringMatching(/^F-/), name: 'pan.pdf', size: 13, type: 'application/pdf' });
  });

  test('a wrong type and an 11 MB file are refused with 1101', async () => {
    const wrong = await upload('run.exe', 'application/x-msdownload', Buffer.from('MZ'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data).toEqual([{ label: 'run.exe', reason: 'File type is not allowed' }]);
    const big = await upload('big.pdf', 'application/pdf', Buffer.alloc(11 * 1024 * 1024));
    expect([400, 413]).toContain(big.statusCode);
  });

  test('a signature data URI is stored as a file', async () => {
    const png = 'data:image/png;base64,' + Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');
    const res = await s.app.inject({ method: 'POST', url: '/api/uploadSignaturetoS3', headers: { ...portal.headers, appRefId: ref }, payload: { dataURI: png, app_id: appId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fileId: expect.stringMatching(/^F-/), type: 'signaturePad' });
  });

  test('OTP: the sandbox sends a code for this application and applicant that verifies once; a wrong code does not', async () => {
    const body = { application_id: appId, applicantId: `${appId}-P`, fieldKey: 'mobileOtp', recipient: '9876543210' };
    const h = { ...portal.headers, appRefId: ref };
    const sent = await s.app.inject({ method: 'POST', url: '/v3/portal/otp/send', headers: h, payload: body });
    expect(sent.statusCode).toBe(200);
    const { sentTo, sandboxCode } = sent.json().data;
    expect(sentTo).toBe('******3210');
    const wrong = await s.app.inject({ method: 'POST', url: '/v3/portal/otp/verify', headers: h, payload: { ...body, code: sandboxCode === '000000' ? '111111' : '000000' } });
    expect(wrong.json().data).toEqual({ verified: false, reason: 'WRONG_CODE', attemptsLeft: 4 });
    const right = await s.app.inject({ method: 'POST', url: '/v3/portal/otp/verify', headers: h, payload: { ...body, code: sandboxCode } });
    expect(right.json().data.verified).toBe(true);
  });

  test('EMI of 5,00,000 at 12 % over 12 months', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/calculations/calculate', headers: portal.headers, payload: { amount: 500000, rate: 12, tenureMonths: 12 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emi).toBeCloseTo(44424.39, 2);
  });

  test('a rate too small to count is no interest: the amount split evenly, never an error (the fuzz found a 500)', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/calculations/calculate', headers: portal.headers, payload: { amount: 1200, rate: 1e-158, tenureMonths: 12 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ emi: 100, totalPayment: 1200, totalInterest: 0 });
  });
});
