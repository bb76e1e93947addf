import { render, screen, within } from '@testing-library/react';
import { i18nStore } from '@lendline/shared';
import { ApprovalsTab } from '../src/features/approvals/approvals-tab';
import { approvalsStore } from '../src/features/approvals/approvals-store';
import type { Approvals } from '../src/features/approvals/api';

/** Four eyes on a decline (issue 25): the officer's recommendation in the approvals tab, with confirm / do not confirm. */
const data: Approvals = {
  application_id: 'APP-1', verNum: 4, subStatus: 'APPROVAL', openApprovals: 1, openExceptions: 0,
  chain: [{
    subTaskId: '21', type: 'APPROVAL', taskId: 'T-1', round: 1, level: 1, levels: 1, levelName: 'Branch head', role: 'BH', team: 'APPROVAL', state: 'PENDING',
    assignedTo: null, assignedTeam: 'APPROVAL', maker: 'cpa1', raisedAt: '2026-01-05T10:00:00.000Z', decidedBy: null, decidedAt: null, comment: '',
    exceptions: [], forwards: [], escalatedFrom: null,
    recommendation: { kind: 'DECLINE', reasonCode: 'INCOME_NOT_VERIFIED', reason: 'Income could not be verified', note: 'Salary slips do not match' },
    actions: { decide: true, forward: false, forwardTo: [] },
  }],
  exceptions: [],
};

beforeEach(() => {
  i18nStore.setState({ lang: 'en' });
  approvalsStore.setState({ applicationId: null, data: null, loading: false, failed: false, busy: false });
  globalThis.fetch = jest.fn(() => Promise.resolve({ ok: true, status: 200, text: async () => JSON.stringify({ data }), headers: { get: () => null } } as unknown as Response)) as typeof fetch;
});

test('a decline recommendation reads as one, with its reason and comment, and offers confirm or not (no send back)', async () => {
  render(<ApprovalsTab applicationId="APP-1" />);
  const row = await screen.findByTestId('approval-row');
  const what = within(row).getByTestId('decline-recommendation');
  expect(what.firstChild?.textContent).toBe('Decline recommended: Income could not be verified');
  expect(within(what).getByText('Salary slips do not match')).toBeTruthy();
  expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['Confirm decline', 'Do not confirm']);
});
