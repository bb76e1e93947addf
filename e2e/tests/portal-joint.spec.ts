import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/page-health';
import { ASHA, fillPersonal, gotoStep, saveAndContinue, staffSession, startApplication, uploadProofs, verifyMobile } from '../support/portal-flow';

// Issues 5 and 28 on a 390×844 phone: a joint application where every party is an applicant. The primary names the
// co-applicant; the co-applicant's own link opens their part prefilled with what the primary said, they give their
// consent, verify their own mobile, sign and declare on their own device, and see that their part is done (not that
// the application was submitted). The primary's review then shows them signed; staff see the whole signature.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const PRIYA = { first: 'Priya', last: 'Mehta', mobile: '9123456780', email: 'priya@example.com' };

test('a joint application: the co-applicant opens their prefilled link, consents and signs; their part is complete; the primary sees them signed; staff see the whole signature', async ({ page, browser }) => {
  const errors = watchConsole(page);
  const id = await startApplication(page, { joint: true, guarantors: 1 });
  await fillPersonal(page, ASHA);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();

  // The primary names the co-applicant on the co-applicant page and sends their link; the guarantor is listed by place.
  await gotoStep(page, 'capture_1', 'PL_co_applicant');
  const co1 = page.getByRole('group', { name: 'Co-applicant 1' });
  await co1.getByLabel('First name').fill(PRIYA.first);
  await co1.getByLabel('Last name').fill(PRIYA.last);
  await co1.getByLabel('Mobile number').fill(PRIYA.mobile);
  await co1.getByLabel('Relation to you').selectOption({ label: 'Spouse' });
  await co1.getByLabel('E-mail address').fill(PRIYA.email);
  const sent = page.waitForResponse((r) => r.url().includes('/v3/portal/applicants/send-link'));
  await co1.getByRole('button', { name: 'Send their link' }).click();
  const link = ((await (await sent).json()).data.sandboxLink as string).replace(/^https?:\/\/[^/]+/, '');
  await expect(page.getByText(`Link sent to ${PRIYA.email}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Guarantor 1' })).toBeVisible(); // by its place, not its internal id

  // The co-applicant, on their own phone: the link opens their part, prefilled with what the primary entered.
  const device = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const co = await device.newPage();
  const coErrors = watchConsole(co);
  await co.goto(link);
  await expect(co.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  await expect(co.getByText(`Application ${id} · Co-applicant`)).toBeVisible();
  await expect(co.getByLabel('First name')).toHaveValue(PRIYA.first);
  await expect(co.getByLabel('Last name')).toHaveValue(PRIYA.last);
  await expect(co.getByLabel('Mobile number')).toHaveValue(PRIYA.mobile);
  await expect(co.getByLabel('Email address')).toHaveValue(PRIYA.email);
  // Nothing of the primary's own answers.
  await expect(co.getByLabel('PAN')).toHaveValue('');
  await co.getByLabel('Date of birth').fill('02/03/1991');
  await co.getByRole('radio', { name: 'Female', exact: true }).check();
  await co.getByLabel('PAN').fill('PQRST6789K');
  await saveAndContinue(co);

  // Their own mobile, their own code.
  await verifyMobile(co);
  await saveAndContinue(co);

  await expect(co.getByRole('heading', { level: 2, name: 'Employment and income' })).toBeVisible();
  await co.getByRole('radio', { name: 'Salaried' }).click();
  await co.getByLabel('Employer name').fill('Globex');
  await co.getByLabel('Net monthly income').fill('64000');
  await co.getByRole('button', { name: 'Increase Years in current job' }).click();
  await saveAndContinue(co);

  await expect(co.getByRole('heading', { level: 3, name: 'Upload documents' })).toBeVisible();
  await uploadProofs(co, { kyc: 'priya-kyc.pdf', income: 'priya-salary.pdf' });
  await saveAndContinue(co);

  // Their last step: their own consent (issue 27's per-purpose notice), signature and declaration.
  await expect(co.getByRole('heading', { level: 3, name: 'Signature' })).toBeVisible();
  const consent = co.getByTestId('consent-step');
  await consent.getByRole('button', { name: 'I consent' }).first().click();
  await expect(consent.getByText(/You consented on/).first()).toBeVisible();
  await co.getByLabel('Or type your full name to sign').fill('Priya Mehta');
  await co.getByRole('button', { name: 'Save signature' }).click();
  await expect(co.getByText('Signature saved.')).toBeVisible();
  await expect(co.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
  await co.getByRole('button', { name: 'Finish my part' }).click();
  await expect(co.getByRole('alert').filter({ hasText: 'Confirm that the information you have given is true' })).toBeVisible();
  await co.getByLabel('I confirm the information I have given is true').check();
  await co.getByRole('button', { name: 'Finish my part' }).click();
  await expect(co.getByRole('heading', { name: 'Your part is complete' })).toBeVisible();
  await expect(co.getByRole('status').filter({ hasText: 'Priya Mehta, your part is complete. Asha Rao will submit the application.' })).toBeVisible();
  // Texts of the whole application are the primary's, and only when true.
  await expect(co.getByText(/submitted/i)).toHaveCount(0);
  await expect(co.getByText(/processing fee/i)).toHaveCount(0);
  await device.close();

  // The primary's review step lists every party with their status; the guarantor is still to come.
  await gotoStep(page, 'summary', 'PL_review');
  const parties = page.getByTestId('party-status-list');
  await expect(parties.getByRole('listitem').filter({ hasText: 'Co-applicant 1 · Priya Mehta' })).toContainText('Signed');
  await expect(parties.getByRole('listitem').filter({ hasText: 'Guarantor 1' })).toContainText('Not invited yet');
  await expect(parties).toContainText('You can submit the application once everyone has signed their part (1 still to sign).');
  await expect(parties).not.toContainText(`${id}-`);

  // Staff open the application: both applicants by name, and the co-applicant's signature whole, image and text.
  const staff = await staffSession(browser);
  await staff.page.goto(`/backstage/application?application_id=${id}`);
  const applicants = staff.page.getByTestId('detail-applicants');
  await expect(applicants).toContainText('Asha Rao (Primary applicant)');
  await expect(applicants).toContainText('Priya Mehta (Co-applicant)');
  const signature = staff.page.getByTestId('party-signature').filter({ hasText: 'Co-applicant 1 · Priya Mehta' });
  await expect(signature.getByTestId('signature-image')).toBeVisible();
  await expect(signature.getByTestId('signature-typed')).toHaveText('Typed: Priya Mehta');
  await expect(staff.page.getByTestId('party-signature').filter({ hasText: 'Guarantor 1' })).toContainText('Not signed yet');

  // And the co-applicant's answers, verification, consent and signature are theirs on the application.
  const { status, body } = await staff.get(`/v3/application/${id}`);
  expect(status).toBe(200);
  const priya = body.data.applicant.find((a: { applicantId: string }) => a.applicantId === `${id}-S1`);
  expect(priya).toMatchObject({ type: 'secondary', firstName: 'Priya', lastName: 'Mehta', email: PRIYA.email, relation: 'spouse', submittedAt: expect.any(String) });
  expect(priya.values).toMatchObject({ employerName: 'Globex', monthlyIncome: '64000', mobileOtp: { recipient: PRIYA.mobile, isVerified: true }, partyDeclaration: true });
  expect(priya.values.applicantSignature).toMatchObject({ fileId: expect.stringMatching(/^F-/), typedName: 'Priya Mehta' });
  expect(body.data.customFields.firstName).toBe('Asha');
  const keys = body.data.verifications.map((v: { key: string }) => v.key);
  expect(keys).toEqual(expect.arrayContaining([`email:${id}-S1`, `otp:${id}-S1:mobileOtp`]));
  const consents = await staff.get(`/v3/portal/consent?application_id=${id}&lang=en`);
  expect(consents.body.data.consents).toEqual(expect.arrayContaining([expect.objectContaining({ applicantId: `${id}-S1`, given: true })]));
  await staff.close();
  expect(errors).toEqual([]);
  expect(coErrors).toEqual([]);
});
