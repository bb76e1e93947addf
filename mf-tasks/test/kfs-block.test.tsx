import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18nStore } from '@lendline/shared';
import { KfsBlock } from '../src/features/credit/kfs/kfs-block';
import { useKfsStore, type StaffKfs } from '../src/features/credit/kfs/kfs-store';
import { kitSelect } from '@lendline/shared/testing';

/** The Credit tab's Key Fact Statement block (issue 27): what was issued and its state, and Issue. */
const issued: StaffKfs = {
  proposalNo: 'APP-1-K1-ABC123', version: 1, lang: 'en', state: 'ISSUED', issuedAt: '2026-11-26T10:00:00.000Z', issuedBy: 'cpa1', validUntil: '2026-12-01', fileId: 'F-1',
  terms: {
    amount: 300000, tenureMonths: 12, rate: { type: 'FIXED', ratePercent: 11.25 }, ratePercent: 11.25, emi: 26523.5,
    fees: [{ code: 'PROCESSING', payableTo: 'LENDER', amount: 3000 }], totalFees: 3000, netDisbursed: 297000, totalInterest: 18282, totalPayable: 321282,
    apr: 13.14, contingent: [], firstDueDate: '2026-12-26', pricingVersion: 1,
    schedule: [{ no: 1, date: '2026-12-26', opening: 300000, principal: 23711, interest: 2812.5, instalment: 26523.5, balance: 276289 }],
  },
  acceptance: null,
};

let current: StaffKfs | null;
const posted: unknown[] = [];
beforeEach(() => {
  i18nStore.setState({ lang: 'en' });
  useKfsStore.setState({ applicationId: null, kfs: null, loaded: false, failed: false, busy: false });
  current = null;
  posted.length = 0;
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push([url, JSON.parse(String(init.body))]);
      current = issued;
    }
    return Promise.resolve({ ok: true, status: 200, text: async () => JSON.stringify({ data: current }), headers: { get: () => null } } as unknown as Response);
  }) as unknown as typeof fetch;
});

test('none issued: says the loan waits for it; Issue (in Hindi) issues one and shows its terms and state', async () => {
  render(<KfsBlock applicationId="APP-1" />);
  expect((await screen.findByText('None issued. The loan can be created only after the applicant accepts one.')).textContent).toBeTruthy();
  kitSelect('Language').choose('hi');
  expect(kitSelect('Language').shown()).toBe('हिन्दी');
  fireEvent.click(screen.getByTestId('credit-kfs-issue'));
  await waitFor(() => expect(screen.getByTestId('credit-kfs-state').textContent).toBe('APP-1-K1-ABC123 · Issued, waiting for the applicant to accept it · valid until 01/12/2026'));
  expect(posted).toEqual([['/v3/kfs/issue', { application_id: 'APP-1', lang: 'hi' }]]);
  expect(screen.getByTestId('credit-kfs-apr').textContent).toBe('13.14 %');
  expect(screen.getByText('Processing ₹3,000.00')).toBeTruthy();
});

test('accepted: says by what and when, and offers no new issue', async () => {
  current = { ...issued, state: 'ACCEPTED', acceptance: { by: 'APP-1-P', at: '2026-11-27T09:00:00.000Z', channel: 'OTP', sentTo: '******3210' } };
  render(<KfsBlock applicationId="APP-1" />);
  await waitFor(() => expect(screen.getByTestId('credit-kfs-state').textContent).toBe('APP-1-K1-ABC123 · Accepted by the applicant · accepted 27/11/2026 by one-time code to ******3210'));
  expect((screen.getByTestId('credit-kfs-issue') as HTMLButtonElement).disabled).toBe(true);
});
