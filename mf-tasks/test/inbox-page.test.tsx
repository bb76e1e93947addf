import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@lendline/shared';
import { InboxPage } from '../src/features/inbox/inbox-page';
import { inboxStore } from '../src/features/inbox/inbox-store';
import type { InboxItem } from '../src/api/tasks-api';
import { kitSelect } from '@lendline/shared/testing';

jest.mock('../src/api/tasks-api', () => ({ fetchInbox: jest.fn(), runAction: jest.fn(), fetchInboxCounts: jest.fn(async () => ({ Today: 0, Future: 0, All: 0, capped: false })) }));
const apiMock = jest.requireMock<{ fetchInbox: jest.Mock; runAction: jest.Mock }>('../src/api/tasks-api');

const hour = 3600_000;
const item = (over: Partial<InboxItem>): InboxItem => ({
  kind: 'task', id: 'TSK-1', application_id: 'APP-1', applicantName: 'Asha Rao', productCode: 'PL', verNum: 3, taskId: 'TSK-1', title: 'Capture application',
  stepName: 'Data Entry', dueAt: new Date(Date.now() + 10 * hour).toISOString(), breached: false, reviewAt: null, bucket: 'Today', heldBy: { user: 'bcm1', team: null },
  raisedBy: null, actions: [], tab: 'relatedTasks', sla: null, ...over,
});

beforeEach(() => {
  inboxStore.setState({ bucket: 'Today', kind: 'ALL', scope: 'mine', limit: 10 });
  sessionStore.setState({ user: { userName: 'bcm1' } } as never);
  apiMock.fetchInbox.mockReset();
  apiMock.runAction.mockReset();
});

describe('task inbox page', () => {
  test('lists the items earliest due first as the server sends them, colours a breach, and one click opens the application on the item\'s tab', async () => {
    apiMock.fetchInbox.mockResolvedValue({
      data: [
        item({ kind: 'query', id: '7', application_id: 'APP-7', title: 'Salary slips', dueAt: new Date(Date.now() - hour).toISOString(), breached: true, tab: 'queries', raisedBy: 'cpa1' }),
        item({ id: 'TSK-2', application_id: 'APP-2', dueAt: new Date(Date.now() + hour).toISOString() }),
        item({ id: 'TSK-3', application_id: 'APP-3' }),
      ],
      pageInfo: { nextCursor: null, hasMore: false },
    });
    const open = jest.fn();
    render(<InboxPage open={open} />);
    const rows = await screen.findAllByTestId('inbox-item');
    expect(rows.map((r) => r.getAttribute('data-application'))).toEqual(['APP-7', 'APP-2', 'APP-3']);
    expect(within(rows[0]).getByTestId('due').getAttribute('data-risk')).toBe('breached');
    expect(rows[0].className).toContain('ll-inbox-row--breached');
    expect(within(rows[0]).getByTestId('due').textContent).toContain('Overdue by');
    expect(within(rows[1]).getByTestId('due').getAttribute('data-risk')).toBe('at-risk');
    expect(within(rows[2]).getByTestId('due').getAttribute('data-risk')).toBe('on-track');
    expect(rows[0].textContent).toContain('from cpa1');
    expect(apiMock.fetchInbox).toHaveBeenCalledWith({ bucket: 'Today', kind: 'ALL', scope: 'mine', limit: 10, cursor: null });

    const link = within(rows[0]).getByRole('link');
    expect(link.getAttribute('href')).toBe('/backstage/application?application_id=APP-7&tab=queries');
    fireEvent.click(link);
    expect(open).toHaveBeenCalledWith('/backstage/application?application_id=APP-7&tab=queries');
  });

  test('a task shows its application\'s SLA state: on hold reads "Paused since", never overdue', async () => {
    const past = new Date(Date.now() - hour).toISOString();
    const held = { status: 'INACTIVE', openedAt: past, closedAt: null, dueAt: past, limitMins: 960, heldSince: past, waitingSince: null, excludedMins: 0 } as const;
    apiMock.fetchInbox.mockResolvedValue({
      data: [item({ id: 'TSK-9', application_id: 'APP-9', dueAt: past, sla: { ...held, state: 'PAUSED', pausedSince: past, pauseReason: 'ON_HOLD', tookMins: null } })],
      pageInfo: { nextCursor: null, hasMore: false },
    });
    render(<InboxPage open={jest.fn()} />);
    const [row] = await screen.findAllByTestId('inbox-item');
    const due = within(row).getByTestId('due');
    expect(due.getAttribute('data-state')).toBe('PAUSED');
    expect(due.textContent).toMatch(/^Paused.*since .* on hold$/);
    expect(due.textContent).not.toContain('Overdue');
    expect(row.className).not.toContain('breached');
  });

  test('keyboard: arrow keys and j/k move between items, Home/End jump, only one item is in the tab order', async () => {
    apiMock.fetchInbox.mockResolvedValue({ data: [item({ id: 'A' }), item({ id: 'B' }), item({ id: 'C' })], pageInfo: { nextCursor: null, hasMore: false } });
    render(<InboxPage open={jest.fn()} />);
    const links = (await screen.findAllByTestId('inbox-item')).map((r) => within(r).getByRole('link'));
    expect(links.map((l) => l.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    links[0].focus();
    fireEvent.keyDown(links[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    expect(links.map((l) => l.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    fireEvent.keyDown(links[1], { key: 'j' });
    expect(document.activeElement).toBe(links[2]);
    fireEvent.keyDown(links[2], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[2]);
    fireEvent.keyDown(links[2], { key: 'Home' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0], { key: 'End' });
    expect(document.activeElement).toBe(links[2]);
    fireEvent.keyDown(links[2], { key: 'k' });
    expect(document.activeElement).toBe(links[1]);
  });

  test('buckets and the kind filter ask the server again from page 1; next page sends the cursor, previous goes back without it', async () => {
    apiMock.fetchInbox.mockImplementation(async (q: { cursor: string | null; bucket: string }) => ({
      data: [item({ id: `${q.bucket}-${q.cursor ?? 'first'}` })],
      pageInfo: q.cursor ? { nextCursor: null, hasMore: false } : { nextCursor: 'c1', hasMore: true },
    }));
    render(<InboxPage open={jest.fn()} />);
    await screen.findByText('Page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2');
    expect(apiMock.fetchInbox).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'c1' }));
    // The pager is disabled while page 2 loads: a click then would be ignored, as it is for a user.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2');
    fireEvent.click(screen.getByRole('tab', { name: /^Future\b/ }));
    await waitFor(() => expect(apiMock.fetchInbox).toHaveBeenLastCalledWith({ bucket: 'Future', kind: 'ALL', scope: 'mine', limit: 10, cursor: null }));
    expect(screen.getByRole('tab', { name: /^Future\b/ }).getAttribute('aria-selected')).toBe('true');
    kitSelect('Kind').choose('query');
    expect(kitSelect('Kind').shown()).toBe('Queries');
    await waitFor(() => expect(apiMock.fetchInbox).toHaveBeenLastCalledWith({ bucket: 'Future', kind: 'query', scope: 'mine', limit: 10, cursor: null }));
    // Never an old cursor with new filters (the server would refuse it).
    for (const [q] of apiMock.fetchInbox.mock.calls) if (q.cursor) expect(q.bucket).toBe('Today');
  });

  test('the buckets are tabs: ArrowRight selects Future and its panel, named by the tab, lists what the server sends for it', async () => {
    apiMock.fetchInbox.mockImplementation(async (q: { bucket: string }) => ({ data: [item({ id: q.bucket, title: `In ${q.bucket}` })], pageInfo: { nextCursor: null, hasMore: false } }));
    render(<InboxPage open={jest.fn()} />);
    await screen.findByText('In Today');
    expect(screen.getByRole('tablist', { name: 'Review buckets' })).toBeTruthy();
    const today = screen.getByRole('tab', { name: /^Today\b/ });
    act(() => today.focus());
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    fireEvent.keyUp(today, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /^Future\b/ }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^Future\b/ }));
    expect(await within(screen.getByRole('tabpanel', { name: /^Future\b/ })).findByText('In Future')).toBeTruthy();
    expect(apiMock.fetchInbox).toHaveBeenLastCalledWith(expect.objectContaining({ bucket: 'Future', cursor: null }));
  });

  test('an empty Future bucket says nothing is snoozed', async () => {
    inboxStore.setState({ bucket: 'Future' });
    apiMock.fetchInbox.mockResolvedValue({ data: [], pageInfo: { nextCursor: null, hasMore: false } });
    render(<InboxPage open={jest.fn()} />);
    expect((await screen.findByTestId('inbox-empty')).textContent).toBe('Nothing is snoozed.');
  });

  test('task actions the product configures: Pick up a team task (assign), Leave one\'s own (release); then the list reloads', async () => {
    const actions = [{ type: 'OpenTask', value: 'assign' }, { type: 'Leave', value: 'release' }, { type: 'Reject', value: 'reject' }];
    apiMock.fetchInbox.mockResolvedValue({
      data: [item({ id: 'T1', application_id: 'APP-1', heldBy: { user: null, team: 'CPA-NORTH' }, actions }), item({ id: 'T2', application_id: 'APP-2', verNum: 9, actions }), item({ id: 'T3', application_id: 'APP-3' })],
      pageInfo: { nextCursor: null, hasMore: false },
    });
    apiMock.runAction.mockResolvedValue({});
    render(<InboxPage open={jest.fn()} />);
    const rows = await screen.findAllByTestId('inbox-item');
    expect(within(rows[0]).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pick up']);
    expect(within(rows[1]).getAllByRole('button').map((b) => b.textContent)).toEqual(['Leave']);
    expect(within(rows[2]).queryAllByRole('button')).toEqual([]);
    await act(async () => fireEvent.click(within(rows[1]).getByRole('button', { name: 'Leave' })));
    expect(apiMock.runAction).toHaveBeenCalledWith('release', 'APP-2', 9);
    await act(async () => fireEvent.click(within(rows[0]).getByRole('button', { name: 'Pick up' })));
    expect(apiMock.runAction).toHaveBeenCalledWith('assign', 'APP-1', 3);
    await waitFor(() => expect(apiMock.fetchInbox.mock.calls.length).toBeGreaterThanOrEqual(3));
  });
});
