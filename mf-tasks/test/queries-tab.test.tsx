import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { eventBus } from '@lendline/shared';
import { QueriesTab } from '../src/features/queries/queries-tab';
import { useQueriesStore } from '../src/features/queries/queries-store';
import type { Query } from '../src/features/queries/api';

jest.mock('../src/features/queries/api', () => ({
  fetchQueries: jest.fn(),
  fetchRequestable: jest.fn(),
  raiseQuery: jest.fn(),
  commentOn: jest.fn(),
  closeQuery: jest.fn(),
  reopenQuery: jest.fn(),
  requestInfo: jest.fn(),
  resendRequest: jest.fn(),
  searchRecipients: jest.fn(),
}));
const api = jest.requireMock<Record<string, jest.Mock>>('../src/features/queries/api');

const query = (over: Partial<Query> = {}): Query => ({
  subTaskId: '7', application_id: 'APP-1', taskId: 'TSK-1', type: 'QUERY', status: 'OPEN', subject: 'PAN copy?', description: '', assignedTo: 'cpa2', assignedTeam: null,
  raisedBy: 'cpa1', fields: ['panNumber'], documents: [], comments: [{ by: 'cpa2', at: '2026-11-20T10:00:00.000Z', text: 'Asked for it' }], closedBy: null,
  createdAt: '2026-11-20T09:00:00.000Z', closedAt: null, requestInfo: null, ...over,
});
const state = (verNum: number, openQueries: number) => ({ application: { application_id: 'APP-1', verNum, openQueries, subStatus: openQueries ? 'QUERIES' : null } });

beforeEach(() => {
  useQueriesStore.setState({ applicationId: null, queries: [], open: 0, closed: 0, verNum: 0, sandboxLink: null });
  for (const m of Object.values(api)) m.mockReset();
  api.fetchRequestable.mockResolvedValue({ fields: [{ key: 'employerName', label: 'Employer name', type: 'text' }, { key: 'yearsInCurrentJob', label: 'Years in current job', type: 'counter' }], documents: [{ key: 'incomeDocuments', label: 'Income proof', type: 'fileUploadHub' }] });
});

describe('queries tab', () => {
  test('lists open queries with their thread; closing sends the version it was given and tells the page', async () => {
    api.fetchQueries.mockResolvedValueOnce({ data: [query(), query({ subTaskId: '6', status: 'CLOSED', subject: 'Old one', comments: [] })], open: 1, closed: 1 });
    api.closeQuery.mockResolvedValue(state(13, 0));
    api.fetchQueries.mockResolvedValueOnce({ data: [query({ status: 'CLOSED' })], open: 0, closed: 2 });
    const onChanged = jest.fn();
    const toast = jest.fn();
    const off = eventBus.on('toast', toast);
    render(<QueriesTab applicationId="APP-1" application={{ verNum: 12, application_status: 'ACTIVE' }} onChanged={onChanged} />);
    const card = await screen.findByTestId('query');
    expect(screen.getAllByTestId('query')).toHaveLength(1); // open only, by default
    expect(within(card).getByText('PAN copy?')).toBeTruthy();
    expect(within(card).getByTestId('comment').textContent).toContain('Asked for it');
    expect(screen.getByLabelText('Closed (1)')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Close query' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.closeQuery).toHaveBeenCalledWith({ application_id: 'APP-1', verNum: 12, subTaskId: '7' });
    expect(toast).toHaveBeenCalledWith({ kind: 'success', text: 'Query closed' });
    expect(useQueriesStore.getState().verNum).toBe(13);
    await waitFor(() => expect(screen.queryAllByTestId('query')).toHaveLength(0));
    off();
  });

  test('a refused change keeps the form and re-reads the page (the shell shows the §8 modal)', async () => {
    api.fetchQueries.mockResolvedValue({ data: [query()], open: 1, closed: 0 });
    api.commentOn.mockRejectedValue(Object.assign(new Error('Validation Failed'), { status: 409 }));
    const onChanged = jest.fn();
    render(<QueriesTab applicationId="APP-1" application={{ verNum: 3, application_status: 'ACTIVE' }} onChanged={onChanged} />);
    const card = await screen.findByTestId('query');
    fireEvent.change(within(card).getByLabelText('Comment'), { target: { value: 'Any news?' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.commentOn).toHaveBeenCalledWith({ application_id: 'APP-1', verNum: 3, subTaskId: '7', comment: 'Any news?' });
    expect((within(card).getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Any news?');
  });

  test('raises a query in a dialog to a person picked by name, about a field shown by its label', async () => {
    api.fetchQueries.mockResolvedValue({ data: [], open: 0, closed: 0 });
    api.raiseQuery.mockResolvedValue(state(5, 1));
    api.searchRecipients.mockImplementation(async (_id: string, search: string) =>
      search === 'bel' ? [{ kind: 'user', id: 'bcm1', name: 'Bela Menon' }] : [{ kind: 'user', id: 'bcm1', name: 'Bela Menon' }, { kind: 'team', id: 'CPA-NORTH', name: 'CPA North' }]);
    render(<QueriesTab applicationId="APP-1" application={{ verNum: 4, application_status: 'ACTIVE' }} />);
    expect(await screen.findByText('No queries here.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('raise-query'));
    const form = await screen.findByRole('dialog', { name: 'Raise a query' });
    expect(form.getAttribute('data-testid')).toBe('raise-form');
    fireEvent.change(within(form).getByLabelText('Find a person or team'), { target: { value: 'bel' } });
    await waitFor(() => expect(api.searchRecipients).toHaveBeenCalledWith('APP-1', 'bel'));
    fireEvent.click(await within(form).findByRole('radio', { name: /Bela Menon/ }));
    expect(within(form).getByTestId('recipient-chosen').textContent).toContain('To: Bela Menon');
    fireEvent.change(within(form).getByLabelText('Question'), { target: { value: 'Verify employer' } });
    const field = await within(form).findByRole('checkbox', { name: 'Employer name' });
    expect(within(form).queryByText(/employerName/)).toBeNull(); // labels, not keys
    fireEvent.click(field);
    fireEvent.click(within(form).getByRole('button', { name: 'Raise query' }));
    await waitFor(() => expect(api.raiseQuery).toHaveBeenCalledWith({ application_id: 'APP-1', verNum: 4, subject: 'Verify employer', assignedTo: 'bcm1', fields: ['employerName'], documents: [] }));
    await waitFor(() => expect(screen.queryByTestId('raise-form')).toBeNull());
  });

  test('asks the applicant for two fields and a document, and shows the sandbox link; the request shows its waiting state', async () => {
    api.fetchQueries.mockResolvedValueOnce({ data: [], open: 0, closed: 0 });
    api.requestInfo.mockResolvedValue({ ...state(9, 1), data: { sentTo: 'a@example.com', sandboxLink: 'http://127.0.0.1/dynamic-resume/request-info?application_id=APP-1&rfi=abc' } });
    api.fetchQueries.mockResolvedValue({
      data: [query({ subject: 'Information requested from the applicant', assignedTo: 'cpa1', comments: [], requestInfo: { sentTo: 'a@example.com', sends: 1, expiresAt: '2026-11-25T10:00:00.000Z', answeredAt: null, answeredBy: null, state: 'WAITING' } })],
      open: 1,
      closed: 0,
    });
    render(<QueriesTab applicationId="APP-1" application={{ verNum: 8, application_status: 'ACTIVE' }} />);
    fireEvent.click(await screen.findByTestId('ask-applicant'));
    const form = await screen.findByTestId('request-info-form');
    const send = within(form).getByRole('button', { name: 'Send request' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true); // nothing picked, no message
    // The fields the applicant can be asked for load when the form opens ("Loading…" until then).
    fireEvent.click(await within(form).findByRole('checkbox', { name: /Employer name/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /Years in current job/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /Income proof/ }));
    fireEvent.change(within(form).getByLabelText('Message to the applicant'), { target: { value: 'Please update these' } });
    await act(async () => fireEvent.click(send));
    expect(api.requestInfo).toHaveBeenCalledWith({ application_id: 'APP-1', verNum: 8, fields: ['employerName', 'yearsInCurrentJob'], documents: ['incomeDocuments'], message: 'Please update these' });
    expect((await screen.findByTestId('sandbox-link')).getAttribute('href')).toContain('/dynamic-resume/request-info?');
    const state2 = await screen.findByTestId('request-state');
    expect(state2.textContent).toContain('Waiting on the applicant (a@example.com)');
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
    expect(screen.queryByLabelText('Comment')).toBeNull();
  });
});
