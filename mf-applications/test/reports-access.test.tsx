import { render, screen } from '@testing-library/react';
import { api, sessionStore } from '@lendline/shared';
import { ReportsOnly } from '../src/features/dashboard/access/reports-access';

/** Issue 26: the dashboard and the reports open only for the REPORTS activity group; others get the §2 text. */
describe('ReportsOnly', () => {
  const get = jest.spyOn(api, 'get');
  afterEach(() => get.mockReset());

  test('a user without REPORTS gets the not-allowed text, never the page', async () => {
    get.mockResolvedValue({ data: [{ name: 'EXPORT', kind: 'ACTIVITY' }, { name: 'CPA-NORTH', kind: 'TEAM' }] });
    sessionStore.setState({ user: { userId: 'cpa1', userName: 'cpa1', roles: [], teams: [] } } as never);
    render(<ReportsOnly><h1>Dashboard</h1></ReportsOnly>);
    expect((await screen.findByTestId('reports-denied')).textContent).toContain('not allowed to be here');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  test('a user of the REPORTS group gets the page', async () => {
    get.mockResolvedValue({ data: [{ name: 'REPORTS', kind: 'ACTIVITY' }] });
    sessionStore.setState({ user: { userId: 'bcm1', userName: 'bcm1', roles: [], teams: [] } } as never);
    render(<ReportsOnly><h1>Dashboard</h1></ReportsOnly>);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('reports-denied')).toBeNull();
  });
});
