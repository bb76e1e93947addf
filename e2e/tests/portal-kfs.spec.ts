import { expect, test, type Page } from '@playwright/test';
import { fillLoan, fillPersonal, onToLoanStep, saveAndContinue, staffSession, startApplication } from '../support/portal-flow';

// Issue 27 at 390×844: the applicant sees the rate, the EMI, the fees, the APR and the repayment schedule while
// choosing the loan, before submitting; once staff issue the Key Fact Statement, the applicant reads it on the portal
// and accepts it with a one-time code. A second run does the same in Hindi.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The EMI by the annuity formula, computed here, not by the product's engine. */
const emi = (p: number, yearly: number, n: number) => {
  const r = yearly / 1200;
  return Math.round(((p * r * (1 + r) ** n) / ((1 + r) ** n - 1)) * 100) / 100;
};

async function fits(page: Page) {
  const w = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(w.page).toBe(w.screen);
}

/** Up to the loan step with ₹3,00,000 over 24 months chosen: the personal loan's first band (11.25 %, 1 % fee, ₹500, ₹1,200 insurance). */
async function chooseLoan(page: Page) {
  const id = await startApplication(page);
  await fillPersonal(page);
  await onToLoanStep(page);
  await fillLoan(page);
  return id;
}

/** Staff issue the statement (as the Credit tab's button does), in the applicant's language. */
async function issued(browser: import('@playwright/test').Browser, id: string, lang: 'en' | 'hi') {
  const admin = await staffSession(browser, 'admin');
  const r = await admin.post('/v3/kfs/issue', { application_id: id, lang });
  expect(r.status).toBe(200);
  await admin.close();
  return r.body.data as { proposalNo: string; validUntil: string; terms: { apr: number } };
}

/** On the portal's KFS page: send the code (the sandbox notifier echoes it), type it, accept. */
async function accept(page: Page, labels: { send: string; code: string; accept: string }) {
  const sent = page.waitForResponse((r) => r.url().includes('/v3/kfs/send-code'));
  await page.getByRole('button', { name: labels.send }).click();
  const code = (await (await sent).json()).data.sandboxCode as string;
  await page.getByLabel(labels.code).fill(code);
  await page.getByRole('button', { name: labels.accept }).click();
}

test('the applicant sees the cost while choosing, then accepts the Key Fact Statement with a code', async ({ page, browser }) => {
  const id = await chooseLoan(page);
  const cost = page.getByRole('region', { name: 'What your loan costs' });
  await expect(cost.getByText('11.25 % a year, fixed')).toBeVisible();
  await expect(page.getByTestId('loan-cost-emi')).toHaveText(`₹${emi(300000, 11.25, 24).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  await expect(cost.getByText('Processing fee')).toBeVisible();
  await expect(cost.getByText('Insurance (to a third party)')).toBeVisible();
  await expect(page.getByTestId('loan-cost-total')).toHaveText(/^₹\d/);
  const apr = (await page.getByTestId('loan-cost-apr').textContent())!;
  expect(Number(apr.replace(' %', ''))).toBeGreaterThan(11.25); // the fees count
  await cost.getByText('See the repayment schedule (24 instalments)').click();
  await expect(cost.getByRole('table').getByRole('row')).toHaveCount(25);
  await fits(page);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Employment and income' })).toBeVisible();

  const kfs = await issued(browser, id, 'en');
  expect(`${kfs.terms.apr.toFixed(2)} %`).toBe(apr);
  await page.goto(`/dynamic-resume/kfs?application_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Key Fact Statement' })).toBeVisible();
  await expect(page.getByText(`Proposal number ${kfs.proposalNo}`)).toBeVisible();
  await expect(page.getByText(`Valid until ${kfs.validUntil.split('-').reverse().join('/')}`)).toBeVisible();
  await expect(page.getByTestId('kfs-apr')).toHaveText(apr);
  await fits(page);
  await accept(page, { send: 'Send me the code', code: 'One-time code', accept: 'Accept the Key Fact Statement' });
  await expect(page.getByRole('status').filter({ hasText: /^You accepted this statement on \d\d\/\d\d\/\d{4}\.$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me the code' })).toHaveCount(0);
});

test('in Hindi: the cost on the loan step and the statement\'s acceptance speak Hindi', async ({ page, browser }) => {
  const id = await chooseLoan(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'हिन्दी' });
  const cost = page.getByRole('region', { name: 'आपके ऋण की लागत' });
  await expect(cost.getByText('11.25 % प्रति वर्ष, स्थिर')).toBeVisible();
  await expect(cost.getByText('वार्षिक प्रतिशत दर (APR)')).toBeVisible();
  await expect(cost.getByText('पुनर्भुगतान अनुसूची देखें (24 किस्तें)')).toBeVisible();
  await fits(page);
  const saved = page.waitForResponse((r) => r.url().includes('/v3/application/consumer/save_or_update') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' }).click();
  expect((await saved).status()).toBe(200);

  await issued(browser, id, 'hi');
  await page.goto(`/dynamic-resume/kfs?application_id=${id}`);
  await expect(page.getByRole('heading', { name: 'मुख्य तथ्य विवरण (KFS)' })).toBeVisible();
  await fits(page);
  await accept(page, { send: 'मुझे कोड भेजें', code: 'एक बार का कोड', accept: 'मुख्य तथ्य विवरण स्वीकार करें' });
  await expect(page.getByRole('status').filter({ hasText: /^आपने यह विवरण \d\d\/\d\d\/\d{4} को स्वीकार किया।$/ })).toBeVisible();
});
