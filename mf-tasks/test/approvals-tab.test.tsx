import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { api, i18nStore, mapErrorBody, type ErrorModalContent } from '@lendline/shared';
import { ApprovalsTab } from '../src/features/approvals/approvals-tab';
import { approvalsStore } from '../src/features/approvals/approvals-store';
import type { Approvals, ChainEntry } from '../src/features/approvals/api';
import { kitSelect } from '@lendline/shared/testing';

const entry = (over: Partial<ChainEntry>): ChainEntry => ({
  subTaskId: '11', type: 'APPROVAL', taskId: 'T-1', round: 1, level: 1, levels: 2, levelName: 'Branch head', role: 'BH', team: 'APPROVAL', state: 'PENDING',
  assignedTo: null, assignedTeam: 'APPROVAL', maker: 'bcm1', raisedAt: '2026-01-05T10:00:00.000Z', decidedBy: null, decidedAt: null, comment: '',
  exceptions: [], forwards: [], escalatedFrom: null, recommendation: null, actions: { decide: true, forward: true, forwardTo: [{ userName: 'admin', displayName: 'Asha Admin' }] }, ...over,
});

function chain(over: Partial<Approvals> = {}): Approvals {
  return {
    application_id: 'APP-1', verNum: 7, subStatus: 'APPROVAL', openApprovals: 1, openExceptions: 0,
    chain: [entry({}), entry({ subTaskId: null, level: 2, levelName: 'Credit committee', role: 'CREDIT_COMMITTEE', team: 'CREDIT-COMMITTEE', state: 'WAITING', actions: null, raisedAt: null })],
    exceptions: [],
    ...over,
  };
}

// jsdom has no Response: what the client reads of one.
const json = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 400, status, text: async () => JSON.stringify(body), headers: { get: () => null } } as unknown as Response);
let calls: { method: string; url: string; body: unknown }[];
let replies: (() => Promise<Response>)[];
let modals: ErrorModalContent[];

beforeEach(() => {
  calls = [];
  replies = [];
  modals = [];
  approvalsStore.setState({ applicationId: null, data: null, loading: false, failed: false, busy: false });
  i18nStore.setState({ lang: 'en' });
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const next = replies.shift();
    return next ? next() : json(200, { data: chain() });
  }) as typeof fetch;
  // What the shell does with a §8 body (shell/src/features/errors/http-hooks.ts): the modal.
  api.setHooks({ onError: (e) => { const o = mapErrorBody(e.body); if (o.kind === 'modal') modals.push(o.modal); } });
});

describe('approvals tab', () => {
  test('shows the chain: level, approver, state, who, when and comment; the levels to come wait', async () => {
    replies.push(() => json(200, { data: chain({ chain: [entry({ state: 'APPROVED', decidedBy: 'bh1', decidedAt: '2026-01-05T11:30:00.000Z', comment: 'Income verified', actions: null }), entry({ subTaskId: '12', level: 2, levelName: 'Credit committee', role: 'CREDIT_COMMITTEE', team: 'CREDIT-COMMITTEE', actions: null })] }) }));
    render(<ApprovalsTab applicationId="APP-1" />);
    const rows = await screen.findAllByTestId('approval-row');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/v3/application/approvals/getApprovals?application_id=APP-1' });
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['APPROVED', 'PENDING']);
    expect(rows[0].textContent).toContain('1 of 2');
    expect(rows[0].textContent).toContain('Branch head (BH)');
    expect(rows[0].textContent).toContain('bh1');
    expect(rows[0].textContent).toContain('Income verified');
    expect(rows[0].textContent).toContain('Submitted by bcm1');
    expect(rows[0].textContent).toMatch(/2026/);
    expect(rows[1].textContent).toContain('Credit committee (CREDIT_COMMITTEE)');
    // Nobody may act on either: no buttons.
    expect(screen.queryByTestId('approval-approve')).toBeNull();
  });

  test('approve with a comment: the chain\'s verNum is sent, the chain reloads and the page is told', async () => {
    const onChanged = jest.fn();
    render(<ApprovalsTab applicationId="APP-1" onChanged={onChanged} />);
    fireEvent.click(await screen.findByTestId('approval-approve'));
    const form = screen.getByTestId('approval-form');
    fireEvent.change(within(form).getByLabelText('Comment (optional)'), { target: { value: 'Looks fine' } });
    replies.push(() => json(200, { data: {}, message: 'Approved' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm: Approve' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls[1]).toEqual({ method: 'POST', url: '/v3/application/approvals/approve', body: { application_id: 'APP-1', verNum: 7, subTaskId: '11', comment: 'Looks fine' } });
    expect(calls[2]).toMatchObject({ method: 'GET' });
    expect(screen.queryByTestId('approval-form')).toBeNull();
  });

  test('send back needs a reason before it can be confirmed', async () => {
    render(<ApprovalsTab applicationId="APP-1" />);
    fireEvent.click(await screen.findByTestId('approval-send_back'));
    const confirm = screen.getByRole('button', { name: 'Confirm: Send back' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'June statement missing' } });
    expect(confirm.disabled).toBe(false);
    replies.push(() => json(200, { data: {}, message: 'Sent back' }));
    fireEvent.click(confirm);
    await waitFor(() => expect(calls[1]?.body).toEqual({ application_id: 'APP-1', verNum: 7, subTaskId: '11', reason: 'June statement missing' }));
    expect(calls[1].url).toBe('/v3/application/approvals/send_back');
  });

  test('forward offers the approvers the server allows', async () => {
    render(<ApprovalsTab applicationId="APP-1" />);
    fireEvent.click(await screen.findByTestId('approval-forward'));
    const picker = kitSelect('Forward to');
    expect(picker.shown()).toBe('Choose an approver');
    expect(picker.labels()).toEqual(['Asha Admin (admin)']);
    expect((screen.getByRole('button', { name: 'Confirm: Forward' }) as HTMLButtonElement).disabled).toBe(true);
    picker.choose('admin');
    replies.push(() => json(200, { data: {}, message: 'Forwarded' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Forward' }));
    await waitFor(() => expect(calls[1]?.body).toEqual({ application_id: 'APP-1', verNum: 7, subTaskId: '11', userName: 'admin' }));
  });

  test('a refusal (maker-checker) goes to the §8 error modal; the form stays open and the page is not told', async () => {
    const onChanged = jest.fn();
    render(<ApprovalsTab applicationId="APP-1" onChanged={onChanged} />);
    fireEvent.click(await screen.findByTestId('approval-approve'));
    replies.push(() => json(403, { code: 1101, message: 'Validation Failed', data: [{ label: 'maker-checker', reason: 'You made this (submitted it for approval), so you may not decide its approval' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Approve' }));
    await waitFor(() => expect(modals).toHaveLength(1));
    expect(modals[0]).toEqual({ title: 'Validation Failed', code: 1101, entries: [{ type: 'error', description: 'maker-checker - You made this (submitted it for approval), so you may not decide its approval' }] });
    await waitFor(() => expect(approvalsStore.getState().busy).toBe(false));
    expect(screen.getByTestId('approval-form')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });

  test('a failed send back (1167) opens the modal as well', async () => {
    render(<ApprovalsTab applicationId="APP-1" />);
    fireEvent.click(await screen.findByTestId('approval-send_back'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'x' } });
    replies.push(() => json(500, { code: 1167, message: 'Error while sending back', data: [{ label: 'maker', reason: 'bcm1 can no longer work Credit Review (team CREDIT), so it cannot go back to them' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Send back' }));
    await waitFor(() => expect(modals).toEqual([{ title: 'Error while sending back', code: 1167, entries: [{ type: 'error', description: 'maker - bcm1 can no longer work Credit Review (team CREDIT), so it cannot go back to them' }] }]));
  });

  test('raised exceptions are listed with their deviations; Hindi texts', async () => {
    act(() => i18nStore.setState({ lang: 'hi' }));
    replies.push(() => json(200, { data: chain({ chain: [], exceptions: [entry({ type: 'EXCEPTION', subTaskId: '20', levels: 1, exceptions: [{ key: 'foir', reason: 'FOIR above policy' }] })] }) }));
    render(<ApprovalsTab applicationId="APP-1" />);
    expect(await screen.findByRole('heading', { name: 'उठाए गए अपवाद' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'अनुमोदन शृंखला' })).toBeTruthy();
    expect(screen.getByTestId('approval-row').textContent).toContain('Foir: FOIR above policy') // a deviation key no list knows reads in words, never as the key;
    expect(screen.getByTestId('approval-approve').textContent).toBe('स्वीकृत करें');
  });

  test('a chain that cannot be loaded says so and can be retried', async () => {
    replies.push(() => json(500, { code: 1100, message: 'Internal server error' }));
    render(<ApprovalsTab applicationId="APP-1" />);
    expect((await screen.findByRole('alert')).textContent).toContain('The approvals could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('approval-row')).toHaveLength(2);
  });
});
