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
