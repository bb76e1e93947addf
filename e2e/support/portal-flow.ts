import { createCipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginAs } from './login';
import { E2E_TMP } from './paths';

/** Steps of the customer portal's seeded personal-loan flow, shared by the portal-*.spec.ts journeys. */

export const PDF = { name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% lendline e2e\n') };

export const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue', exact: true }).click();

export const applicationIdOf = async (page: Page) => (await page.locator('[data-application-id]').getAttribute('data-application-id'))!;

/** /newapplication?product_code=…: the start form, single or joint, up to the first step of the flow. */
export async function startApplication(page: Page, opts: { product?: string; joint?: boolean; guarantors?: number } = {}): Promise<string> {
  await page.goto(`/newapplication?product_code=${opts.product ?? 'PL'}&source_id=web&campaign_id=E2E`);
  if (opts.joint) await page.getByRole('radio', { name: 'Me and co-applicant(s)' }).check();
  if (opts.guarantors) await page.getByLabel('Number of guarantors').selectOption(String(opts.guarantors));
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  const id = await applicationIdOf(page);
  expect(id).toMatch(/^APP-\d{8}$/);
  return id;
}

export interface Person {
  first: string;
  last: string;
  gender: 'Female' | 'Male';
  mobile: string;
  email: string;
  pan: string;
}

export const ASHA: Person = { first: 'Asha', last: 'Rao', gender: 'Female', mobile: '9876543210', email: 'asha@example.com', pan: 'ABCDE1234F' };

export async function fillPersonal(page: Page, p: Person = ASHA) {
  await page.getByLabel('First name').fill(p.first);
  await page.getByLabel('Last name').fill(p.last);
  await page.getByLabel('Date of birth').fill('15/08/1990');
  await page.getByRole('radio', { name: p.gender, exact: true }).check();
  await page.getByLabel('Mobile number').fill(p.mobile);
  await page.getByLabel('Email address').fill(p.email);
  await page.getByLabel('PAN').fill(p.pan);
}

/** The Verify mobile step: send a code (the sandbox notifier answers it), type it, verify. */
export async function verifyMobile(page: Page) {
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().includes('/v3/portal/otp/send'));
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = (await (await sent).json()).data.sandboxCode as string;
  await page.getByLabel('One-time password (OTP)').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible();
}

/** From a filled personal step through Verify mobile to the loan step. */
export async function onToLoanStep(page: Page) {
  await saveAndContinue(page);
  await verifyMobile(page);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Loan requirement' })).toBeVisible();
}

/**
 * The loan step: 3 lakh, then (unless left out) one notch more tenure than the default (12 → 24 months) and travel as
 * the purpose. Not saved: the journey may check the step first.
 */
export async function fillLoan(page: Page, o: { tenure?: boolean; purpose?: boolean } = {}) {
  const amount = page.getByLabel('Loan amount');
  await amount.fill('300000');
  await amount.blur();
  if (o.tenure !== false) {
    await page.getByLabel('Tenure (months)').focus();
    await page.keyboard.press('ArrowRight');
  }
  if (o.purpose !== false) await page.getByLabel('Purpose of the loan').selectOption('Travel');
}

/** The employment step as a salaried applicant at Acme Ltd with `years` years in the job, tapped on a phone. */
export async function fillSalaried(page: Page, o: { income: string; years: number; press?: 'click' | 'tap' }) {
  await page.getByRole('radio', { name: 'Salaried' }).click();
  await page.getByLabel('Employer name').fill('Acme Ltd');
  await page.getByLabel('Net monthly income').fill(o.income);
  for (let i = 0; i < o.years; i++) await page.getByRole('button', { name: 'Increase Years in current job' })[o.press ?? 'click']();
}

/** The documents step: an identity proof and a salary slip (file names as given), both listed as uploaded. */
export async function uploadProofs(page: Page, names: { kyc: string; income: string } = { kyc: PDF.name, income: 'salary.pdf' }) {
  await page.getByTestId('kycDocuments-input').setInputFiles({ ...PDF, name: names.kyc });
  await page.getByTestId('incomeDocuments-input').setInputFiles({ ...PDF, name: names.income });
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toHaveCount(2);
}

/** The signature step: the full name typed as the signature, saved. */
export async function signTyped(page: Page, name: string) {
  await page.getByLabel('Or type your full name to sign').fill(name);
  await page.getByRole('button', { name: 'Save signature' }).click();
  await expect(page.getByText('Signature saved.')).toBeVisible();
}

/**
 * The documents step then the signature step, each saved: `check` runs once a step is shown, before it is filled
 * (a journey's own checks of that step: nothing internal shown, the layout fits…).
 */
export async function documentsAndSignature(page: Page, signature: string, check: (step: 'documents' | 'signature') => Promise<void> = async () => undefined) {
  await expect(page.getByRole('heading', { level: 3, name: 'Upload documents' })).toBeVisible();
  await check('documents');
  await uploadProofs(page);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Signature' })).toBeVisible();
  await check('signature');
  await signTyped(page, signature);
  await saveAndContinue(page);
}

/** The bank-account step. */
export async function fillBankAccount(page: Page, account: string, ifsc: string) {
  await page.getByLabel('Account number').fill(account);
  await page.getByLabel('IFSC').fill(ifsc);
}

/**
 * The whole personal-loan flow on the portal as a salaried applicant asking for 3 lakh, to "Application submitted":
 * the declaration and the consents named (each consented on its card). Returns the application id.
 */
export async function submitSalaried(page: Page, p: Person, consents: string[]): Promise<string> {
  const id = await startApplication(page);
  await fillPersonal(page, p);
  await saveAndContinue(page);
  await verifyMobile(page);
  await saveAndContinue(page);
  await fillLoan(page);
  await saveAndContinue(page);
  await fillSalaried(page, { income: '150000', years: 1 });
  await saveAndContinue(page);
  await uploadProofs(page);
  await saveAndContinue(page);
  await signTyped(page, `${p.first} ${p.last}`);
  await saveAndContinue(page);
  await fillBankAccount(page, '501234567890', 'SBIN0004321');
  await saveAndContinue(page);
  await declareAndSubmit(page, consents);
  return id;
}

/** The review step: the declaration ticked, each purpose named consented to on its own card, submitted. */
export async function declareAndSubmit(page: Page, consents: string[]) {
  await page.getByLabel('I confirm the information given is true').check();
  for (const purpose of consents) {
    const card = page.getByTestId('consent-step').locator(`[data-purpose="${purpose}"]`);
    await card.getByRole('button', { name: 'I consent' }).click();
    await expect(card.getByRole('status')).toContainText('You consented on');
  }
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
}

/** Goes straight to a sub-section by its route (the flow's URL scheme), keeping the application and applicant. */
export async function gotoStep(page: Page, route: string, sectionId: string) {
  const url = new URL(page.url());
  url.pathname = `${url.pathname.startsWith('/backstage') ? '/backstage/newapplication' : '/newapplication'}/${route}`;
  url.searchParams.set('section', sectionId);
  await page.goto(url.toString());
}

/** A staff user's API access through their signed-in browser session (the §7 headers). */
export interface StaffApi {
  page: Page;
  headers: Record<string, string>;
  get(path: string): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post(path: string, data: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export async function staffSession(browser: Browser, username = 'cpa1'): Promise<StaffApi> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, username);
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  const headers = { access_token: session.access_token, sessionId: session.sessionId };
  const req: APIRequestContext = page.request;
  const wrap = async (p: Promise<import('@playwright/test').APIResponse>) => {
    const r = await p;
    return { status: r.status(), body: await r.json() };
  };
  return {
    page,
    headers,
    get: (path) => wrap(req.get(path, { headers })),
    post: (path, data) => wrap(req.post(path, { headers, data })),
    close: () => context.close(),
  };
}

/**
 * An applicant link as the server seals it (§5 five parts, AES-256-CBC under DATA_DIR/keys/portal-link.key of the
 * journey server), for links the journeys cannot wait for: one issued days ago, one with a part missing.
 */
export function sealedLink(parts: string[]): string {
  const key = Buffer.from(readFileSync(join(E2E_TMP, 'data', 'keys', 'portal-link.key'), 'utf8').trim(), 'hex');
  const iv = randomBytes(16);
  const c = createCipheriv('aes-256-cbc', key, iv);
  const sealed = `${iv.toString('hex')}:${Buffer.concat([c.update(parts.join('|'), 'utf8'), c.final()]).toString('hex')}`;
  return `/dynamic-resume?appDetails=${encodeURIComponent(sealed)}`;
}

/** The co-applicant page (custom route capture_1) of a joint PL application: send an applicant their own link. */
export async function sendApplicantLink(page: Page, index: number, email: string): Promise<string> {
  await gotoStep(page, 'capture_1', 'PL_co_applicant');
  await page.getByLabel('E-mail address').nth(index).fill(email);
  const sent = page.waitForResponse((r) => r.url().includes('/v3/portal/applicants/send-link'));
  await page.getByRole('button', { name: 'Send their link' }).nth(index).click();
  const link = (await (await sent).json()).data.sandboxLink as string;
  await expect(page.getByText(`Link sent to ${email}`)).toBeVisible();
  return link.replace(/^https?:\/\/[^/]+/, '');
}
