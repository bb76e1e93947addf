import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 19: every toast the code emits is seen by a journey. toasts.spec.ts lists where the remotes' action toasts
// are seen; this journey covers the rest:
//   shell spinner      'This is taking longer than expected, …'          (errors.spinnerTimeout, §9 60000 ms)
//   shell HTTP hooks   'Sorry, the response data is tampered or corrupted' (§8), 'Something bad happened; …' (§8)
//   mf-tasks queries   'Request sent to the applicant', 'Query reopened', 'Link sent again'
// The server's answers are replaced with page.route only where a fault is the point; the clock is fast-forwarded
// rather than waited on.

/** The toast is shown in the shell's region (top center, §9); closed by hand so the next one is the one looked at. */
async function seeToast(page: Page, text: string) {
  const toast = page.getByTestId('toasts').locator('.ll-toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
}

test('the spinner gives up after 60 s and says so', async ({ page }) => {
  await page.clock.install();
  // The sign-in call never answers.
  await page.route('**/v3/auth/login', () => undefined);
  await page.goto('/');
  await page.getByLabel('User name').fill('cpa1');
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const spinner = page.getByTestId('global-spinner');
  await expect(spinner).toBeVisible();
  await page.clock.runFor(59_000);
  await expect(spinner).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(spinner).toHaveCount(0);
  await seeToast(page, 'This is taking longer than expected, so we stopped waiting. Please try again.');
});

test('a tampered response and a bare server error each show their §8 toast', async ({ page }) => {
  await loginAs(page, 'cpa1');
  // The task inbox's first call answers as encrypted, with data that does not decrypt.
  await page.route('**/v3/taskconfigs/inbox**', (route) =>
    route.fulfill({ status: 200, headers: { 'x-lendline-encrypted': 'aes-cbc' }, contentType: 'application/json', body: JSON.stringify({ data: '00112233:not-a-ciphertext' }) }),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks', exact: true }).click();
  await seeToast(page, 'Sorry, the response data is tampered or corrupted');

  // The same call fails with HTTP 500 and no §8 body: the generic message.
  await page.unroute('**/v3/taskconfigs/inbox**');
  await page.route('**/v3/taskconfigs/inbox**', (route) => route.fulfill({ status: 500, body: '' }));
  await page.reload();
  await seeToast(page, 'Something bad happened; please try again later.');
  await expect(page.getByTestId('error-modal')).toHaveCount(0);
});

test('the queries tab says what each change did: request sent, query reopened, link sent again', async ({ page }) => {
  await loginAs(page, 'cpa1');
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  const res = await page.request.post('/v3/application/save', {
    headers: { access_token: session.access_token, sessionId: session.sessionId },
    data: {
      product_code: 'PL',
      applicant: [{ type: 'primary', firstName: 'Shell', lastName: 'Toasts', mobile: '9876500019', email: 'shell.toasts@example.in' }],
      customFields: { loanAmount: 400000 },
    },
  });
  expect(res.status()).toBe(201);
  const id: string = (await res.json()).data.application_id;
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);

  // A query to a colleague, from the toolbar (no queries tab before the first query, §2).
  await page.getByTestId('raise-query').click();
  const raise = page.getByTestId('raise-form');
  // Issue 26: a dialog; the colleague is picked by name from those who may receive the query.
  await raise.getByLabel('Find a person or team').fill('Karan');
  await raise.getByRole('radio', { name: /Karan Bose/ }).click(); // the choice replaces the list with 'To: …'
  await raise.getByLabel('Question').fill('Is the employer on our approved list?');
  await raise.getByRole('checkbox', { name: /Employer name/ }).check();
  await raise.getByRole('button', { name: 'Raise query' }).click();
  await seeToast(page, 'Query raised');

  // Now in sub-status QUERIES: the starter lives in the queries tab.
  await page.getByRole('tab', { name: 'Queries' }).click();
  await page.getByTestId('ask-applicant').click();
  const ask = page.getByTestId('request-info-form');
  await ask.getByRole('checkbox', { name: /Employer name/ }).check();
  await ask.getByLabel('Message to the applicant').fill('Please confirm your current employer.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await seeToast(page, 'Request sent to the applicant');

  // The request keeps the sub-status QUERIES, so the tab stays while the colleague's query is closed and reopened.
  const colleague = page.getByTestId('query').filter({ hasText: 'Is the employer on our approved list?' });
  await colleague.getByRole('button', { name: 'Close query' }).click();
  await seeToast(page, 'Query closed');
  await page.getByTestId('queries-tab').getByRole('radio', { name: /^Closed/ }).check();
  await colleague.getByRole('button', { name: 'Reopen' }).click();
  await seeToast(page, 'Query reopened');
  await page.getByTestId('queries-tab').getByRole('radio', { name: /^Open/ }).check();
  await expect(colleague.getByTestId('query-status')).toHaveText('Open');

  const request = page.getByTestId('query').filter({ has: page.getByTestId('request-state') });
  await request.getByRole('button', { name: 'Send the link again' }).click();
  await seeToast(page, 'Link sent again');
  await expect(request.getByTestId('request-state')).toHaveAttribute('data-state', 'WAITING');
});
