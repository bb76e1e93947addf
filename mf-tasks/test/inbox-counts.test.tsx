import { render, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '@lendline/shared';
import { InboxPage } from '../src/features/inbox/inbox-page';
import { inboxStore } from '../src/features/inbox/inbox-store';

jest.mock('../src/api/tasks-api', () => ({ fetchInbox: jest.fn(), runAction: jest.fn(), fetchInboxCounts: jest.fn() }));
const apiMock = jest.requireMock<Record<string, jest.Mock>>('../src/api/tasks-api');

beforeEach(() => {
  inboxStore.setState({ bucket: 'Today', kind: 'ALL', scope: 'mine', limit: 10 });
  sessionStore.setState({ user: { userName: 'bcm1' } } as never);
  apiMock.fetchInbox.mockResolvedValue({ data: [], pageInfo: { nextCursor: null, hasMore: false } });
});

describe('inbox bucket counts (issue 26)', () => {
  test('each bucket tab shows its count for the current filters; a capped bucket reads 999+', async () => {
    apiMock.fetchInboxCounts.mockResolvedValue({ Today: 4, Future: 2, All: 6, capped: false });
    render(<InboxPage open={jest.fn()} />);
    expect((await screen.findByTestId('inbox-count-Today')).textContent).toBe(' 4');
    expect(screen.getByRole('tab', { name: /Future\s*2/ })).toBeTruthy();
    expect(screen.getByTestId('inbox-count-All').textContent).toBe(' 6');
    expect(apiMock.fetchInboxCounts).toHaveBeenCalledWith({ kind: 'ALL', scope: 'mine' });

    apiMock.fetchInboxCounts.mockResolvedValue({ Today: 999, Future: 0, All: 999, capped: true });
    inboxStore.getState().set({ scope: 'all' });
    await waitFor(() => expect(screen.getByTestId('inbox-count-Today').textContent).toBe(' 999+'));
    expect(screen.getByTestId('inbox-count-Future').textContent).toBe(' 0');
    expect(apiMock.fetchInboxCounts).toHaveBeenLastCalledWith({ kind: 'ALL', scope: 'all' });
  });

  test('no numbers rather than wrong ones when the counts cannot be read', async () => {
    apiMock.fetchInboxCounts.mockRejectedValue(new Error('down'));
    render(<InboxPage open={jest.fn()} />);
    await screen.findByRole('tab', { name: /Today/ });
    await waitFor(() => expect(apiMock.fetchInboxCounts).toHaveBeenCalled());
    expect(screen.queryByTestId('inbox-count-Today')).toBeNull();
  });
});
