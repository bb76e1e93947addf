import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/page-health';
import { ASHA, PDF, fillPersonal, saveAndContinue, sendApplicantLink, staffSession, startApplication, verifyMobile, type Person } from '../support/portal-flow';

// Issue 5: a joint application where the co-applicant finishes their whole part through their own link, on their own
// device, and staff then see both applicants.

const KIRAN: Person = { first: 'Kiran', last: 'Mehta', gender: 'Male', mobile: '9123456780', email: 'kiran@example.com', pan: 'PQRST6789K' };

test('a joint application: the co-applicant opens their link, verifies, fills their sections, signs and submits; staff see both applicants', async ({ page, browser }) => {
  const errors = watchConsole(page);
  const id = await startApplication(page, { joint: true, guarantors: 1 });
  await fillPersonal(page, ASHA);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();

  // The primary sends the co-applicant their own link from the co-applicant page; the guarantor is listed too.
  const link = await sendApplicantLink(page, 0, KIRAN.email);
  await expect(page.getByRole('group', { name: 'Guarantor 1' })).toBeVisible(); // by its place, not its internal id (issue 28)

  // The co-applicant, on another device: the link verifies their e-mail and opens their part of the flow.
  const device = await browser.newContext();
  const co = await device.newPage();
  const coErrors = watchConsole(co);
  await co.goto(link);
  await expect(co.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  await expect(co.getByText(`Application ${id} · Co-applicant`)).toBeVisible();
  // Their own part starts empty: the primary's answers are not theirs to see.
  await expect(co.getByLabel('First name')).toHaveValue('');
  await fillPersonal(co, KIRAN);
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
  await co.getByTestId('kycDocuments-input').setInputFiles({ ...PDF, name: 'kiran-kyc.pdf' });
  await co.getByTestId('incomeDocuments-input').setInputFiles({ ...PDF, name: 'kiran-salary.pdf' });
  await expect(co.getByRole('list', { name: 'Uploaded documents' })).toHaveCount(2);
  await saveAndContinue(co);

  // Signing is the co-applicant's last step: the button submits their part.
  await expect(co.getByRole('heading', { level: 3, name: 'Signature' })).toBeVisible();
  await co.getByLabel('Or type your full name to sign').fill('Kiran Mehta');
  await co.getByRole('button', { name: 'Save signature' }).click();
  await expect(co.getByText('Signature saved.')).toBeVisible();
  await co.getByRole('button', { name: 'Submit application' }).click();
  await expect(co.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await device.close();

  // Staff open the application in the backstage: both applicants by name, the guarantor still to come.
  const staff = await staffSession(browser);
  await staff.page.goto(`/backstage/application?application_id=${id}`);
  const applicants = staff.page.getByTestId('detail-applicants');
  await expect(applicants).toContainText('Asha Rao (Primary applicant)');
  await expect(applicants).toContainText('Kiran Mehta (Co-applicant)');
  await expect(applicants).toContainText(`${id}-G1 (Guarantor)`);

  // And the co-applicant's answers, verification and signature are theirs on the application.
  const { status, body } = await staff.get(`/v3/application/${id}`);
  expect(status).toBe(200);
  const kiran = body.data.applicant.find((a: { applicantId: string }) => a.applicantId === `${id}-S1`);
  expect(kiran).toMatchObject({ type: 'secondary', firstName: 'Kiran', lastName: 'Mehta', email: KIRAN.email, submittedAt: expect.any(String) });
  expect(kiran.values).toMatchObject({ employerName: 'Globex', monthlyIncome: '64000', mobileOtp: { recipient: KIRAN.mobile, isVerified: true } });
  expect(kiran.values.applicantSignature.fileId).toMatch(/^F-/);
  expect(body.data.customFields.firstName).toBe('Asha');
  const keys = body.data.verifications.map((v: { key: string }) => v.key);
  expect(keys).toEqual(expect.arrayContaining([`email:${id}-S1`, `otp:${id}-S1:mobileOtp`]));
  await staff.close();
  expect(errors).toEqual([]);
  expect(coErrors).toEqual([]);
});
