import { expect, test, type Browser, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loginAs } from '../support/login';
import { CSP_VIOLATION, watchConsole } from '../support/page-health';
import { chooseNth, kitSelect } from '../support/kit';

// Issue 26: documents that open (pdf.js preview under the page's CSP, a table that fits) and forms that look finished
// (Raise a query in a dialog with a people picker, inbox counts, Dashboard only for REPORTS, toasts that say what
// happened), at the laptop sizes staff use.

async function api(page: Page, path: string, data: object) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await page.request.post(path, { data, headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { data: { application_id: string } };
}

/** A fresh application of the signed-in user (the seed's rows belong to other journeys). */
async function freshApplication(page: Page, lastName: string): Promise<string> {
  const created = await api(page, '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Staff', lastName, mobile: '9876543210', email: 'staff.forms@example.in' }],
    customFields: { loanAmount: 300000, tenureMonths: 24 },
  });
  return created.data.application_id;
}

async function signedIn(browser: Browser, user: string, viewport = { width: 1400, height: 900 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await loginAs(page, user);
  return page;
}

async function onePagePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([400, 300]);
  p.drawRectangle({ x: 20, y: 20, width: 360, height: 260, borderWidth: 4 });
  p.drawText('PAN card of the applicant', { x: 40, y: 150, size: 20, font });
  return Buffer.from(await doc.save()).toString('base64');
}

async function openDocuments(page: Page, id: string) {
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await page.getByRole('tablist').getByRole('tab', { name: 'Documents', exact: true }).click();
  await expect(page.getByTestId('documents-tab')).toBeVisible();
}

async function upload(page: Page, name: string, base64: string) {
  const tab = page.getByTestId('documents-tab');
  await chooseNth(kitSelect(tab, 'Upload for'), 1);
  await tab.getByLabel('Document type').fill('KYC');
  const transfer = await page.evaluateHandle(([n, b]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b), (c) => c.charCodeAt(0))], n, { type: 'application/pdf' }));
    return dt;
  }, [name, base64] as const);
  await page.getByTestId('document-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.locator(`[data-testid="document-row"][data-name="${name}"]`)).toBeVisible();
}

test('an uploaded PDF previews as drawn pages with no CSP violation; the documents table fits at 1280 px with its actions in view', async ({ browser }) => {
  const page = await signedIn(browser, 'cpa1', { width: 1280, height: 800 });
  const errors = watchConsole(page);
  const refused: string[] = [];
  page.on('console', (m) => m.text().includes('Refused to') && refused.push(m.text()));
  const id = await freshApplication(page, 'Preview');
  await openDocuments(page, id);
  await upload(page, 'pan-preview.pdf', await onePagePdf());

  // The table fits its panel: nothing scrolls sideways, the row's Preview and its menu are in view.
  const row = page.locator('[data-testid="document-row"][data-name="pan-preview.pdf"]');
  const table = page.locator('table.ll-doc-table').filter({ has: row });
  const fits = await table.evaluate((t) => {
    const panel = t.parentElement!.getBoundingClientRect();
    return { table: t.scrollWidth, panel: panel.width, right: t.getBoundingClientRect().right, viewport: window.innerWidth, page: document.documentElement.scrollWidth };
  });
  expect(fits.table).toBeLessThanOrEqual(Math.ceil(fits.panel));
  expect(fits.right).toBeLessThanOrEqual(fits.viewport);
  expect(fits.page).toBeLessThanOrEqual(fits.viewport);
  for (const name of ['Preview', 'More actions for pan-preview.pdf']) {
    const button = row.getByRole('button', { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  await row.getByRole('button', { name: 'More actions for pan-preview.pdf' }).click();
  for (const action of ['Download', 'Edit', 'New version', 'Copy', 'Delete']) await expect(page.getByRole('menuitem', { name: action })).toBeVisible();
  await page.keyboard.press('Escape');

  // Preview: pdf.js draws the page onto a canvas inside the dialog, with ink on it (not a blank or broken frame).
  await row.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview: pan-preview.pdf' });
  const canvas = preview.getByTestId('document-page');
  await expect(canvas).toHaveCount(1);
  await expect(preview.getByTestId('document-pages')).toHaveAttribute('aria-busy', 'false');
  const ink = await canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
    return dark;
  });
  expect(ink).toBeGreaterThan(500);
  await expect(preview.locator('iframe')).toHaveCount(0);
  await preview.getByRole('button', { name: 'Close' }).click();

  expect(refused).toEqual([]);
  expect(errors.filter((e) => e.includes(CSP_VIOLATION) || e.includes('Refused to'))).toEqual([]);
  await page.context().close();
});

test('Raise a query opens as a dialog and picks the colleague by name', async ({ browser }) => {
  const page = await signedIn(browser, 'cpa1');
  const id = await freshApplication(page, 'Picker');
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await page.getByTestId('raise-query').click();
  const dialog = page.getByRole('dialog', { name: 'Raise a query' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Find a person or team').fill('bela');
  const bela = dialog.getByRole('radio', { name: /Bela Menon/ });
  await expect(bela).toBeVisible();
  // Only those who may receive it: the caller is not offered to themself, nor is a view-only user.
  await dialog.getByLabel('Find a person or team').fill('Chitra');
  await expect(dialog.getByText('Nobody who may receive this query matches "Chitra".')).toBeVisible();
  await dialog.getByLabel('Find a person or team').fill('bela');
  await bela.click(); // the choice replaces the list with 'To: …'
  await expect(dialog.getByTestId('recipient-chosen')).toContainText('To: Bela Menon');
  await dialog.getByLabel('Question').fill('Is the employer on our approved list?');
  await dialog.getByRole('button', { name: 'Raise query' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('Query raised');
  await page.getByRole('tab', { name: 'Queries' }).click();
  await expect(page.getByTestId('query').filter({ hasText: 'Is the employer on our approved list?' })).toContainText('bcm1');
  await page.context().close();
});

test('the inbox shows counts on Today, Future and All', async ({ browser }) => {
  const page = await signedIn(browser, 'cpa1');
  await freshApplication(page, 'Counts');
  await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
  await expect(page.getByTestId('task-inbox')).toBeVisible();
  const today = page.getByTestId('inbox-count-Today');
  await expect(today).toHaveText(/^ \d+\+?$/);
  expect(Number((await today.innerText()).trim().replace('+', ''))).toBeGreaterThan(0);
  await expect(page.getByTestId('inbox-count-Future')).toHaveText(/^ \d+\+?$/);
  const [t, f, a] = await Promise.all(['Today', 'Future', 'All'].map(async (b) => Number((await page.getByTestId(`inbox-count-${b}`).innerText()).trim().replace('+', ''))));
  expect(a).toBe(Math.min(999, t + f));
  await page.context().close();
});

test('cpa1 sees no Dashboard or Reports link, and the address answers "not allowed" rather than a refusal modal; bh1 sees both', async ({ browser }) => {
  const cpa1 = await signedIn(browser, 'cpa1');
  await expect(cpa1.getByRole('navigation', { name: 'Application lists' })).toBeVisible();
  await expect(cpa1.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await expect(cpa1.getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0);
  await cpa1.goto('/backstage/dashboard');
  await expect(cpa1.getByTestId('reports-denied')).toContainText('not allowed to be here');
  await expect(cpa1.getByText(/Validation Failed/)).toHaveCount(0);
  await cpa1.context().close();

  const bh1 = await signedIn(browser, 'bh1');
  // The main navigation's links (the managers' own navigation on the dashboard pages has them too).
  const main = bh1.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
  await bh1.context().close();
});

test('the toast names the application and who assigned it', async ({ browser }) => {
  const cpa2 = await signedIn(browser, 'cpa2');
  const cpa1 = await signedIn(browser, 'cpa1');
  const bcm1 = await signedIn(browser, 'bcm1');
  const id = await freshApplication(cpa1, 'Toast');
  await api(cpa1, '/v3/application/action/release', { application_id: id, verNum: 1 });
  // Past the release's team toast and its 1.5 s throttle, then the assignment.
  await expect(cpa2.getByText(`${id} sent to your team's queue by Chitra Pillai`)).toBeVisible();
  await cpa2.waitForTimeout(1600);
  await api(bcm1, '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' });
  await expect(cpa2.getByTestId('toasts')).toContainText(`${id} assigned to you by Bela Menon`);
  for (const p of [cpa1, cpa2, bcm1]) await p.context().close();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 1400, height: 900 }]) {
  test(`the lists at ${viewport.width}×${viewport.height}: nothing cut off the page`, async ({ browser }) => {
    const page = await signedIn(browser, 'bcm1', viewport);
    await page.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'Team applications', exact: true }).click();
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`team-applications-${viewport.width}.png`) });
    // The page itself does not scroll sideways, and the table's columns fit its frame: the last ones (Team, Pending
    // approvals) are on screen, not off to the right.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const overflow = await page.locator('.ll-list-scroll').first().evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const lastHeader = page.getByTestId('list-table').locator('thead th').last();
    await expect(lastHeader).toBeInViewport();
    await page.context().close();
  });
}
