import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { sessionStore } from '@lendline/shared';
import { ListPage } from '../src/pages/list-page';
import { kitSelect } from '@lendline/shared/testing';
import { useListViewStore } from '../src/features/lists/hooks/list-view-store';
import { useListFilterStore } from '../src/features/lists/hooks/list-filter-store';
import type { ApplicationsInput, ApplicationsResult } from '../src/api/applications-query';

jest.mock('../src/api/table-config', () => ({
  fetchTableConfig: jest.fn(async () => ({
    tableId: 'TEAM_APPLICATIONS',
    title: 'Team applications',
    columns: [
      { key: 'application_id', label: 'Application ID', type: 'text', filterable: true },
      { key: 'applicant_name', label: 'Applicant', type: 'text', filterable: true },
      { key: 'customFields.loanAmount', label: 'Loan amount', type: 'amount', filterable: true, sortable: true },
      { key: 'slaDueAt', label: 'SLA due', type: 'date', filterable: true, sortable: true, sortKey: 'sla_due_at' },
      { key: 'assignedTeam', label: 'Team', type: 'text', filterable: true, filterKey: 'assigned_team' },
    ],
    permissions: { assign: 'TEAM_APPLICATIONS_ASSIGN', reassign: 'TEAM_APPLICATIONS_REASSIGN', assignSelf: 'TEAM_APPLICATIONS_ASSIGN_SELF' },
  })),
}));
jest.mock('../src/pages/fetch-list-page', () => ({ fetchListPage: jest.fn() }));

const fetchListPage = jest.requireMock<{ fetchListPage: jest.Mock<Promise<ApplicationsResult>, [ApplicationsInput]> }>('../src/pages/fetch-list-page').fetchListPage;

function reply(input: ApplicationsInput): ApplicationsResult {
  const size = input.pagination?.pageSize ?? 10;
  return {
    data: Array.from({ length: size }, (_, i) => ({ application_id: `APP-${(input.pagination?.page ?? 0) * size + i}`, applicant_name: 'Asha Rao', customFields: { loanAmount: 100000 } })),
    count: 240,
    stageWise: [{ stepName: 'Data Entry', count: 200 }, { stepName: 'Credit Review', count: 40 }],
    taskNameWise: [{ taskName: 'Capture application', count: 200 }],
    versionNumberWise: [{ versionNumber: 243, count: 240 }],
    closedCount: 17,
  };
}

const lastInput = () => fetchListPage.mock.calls[fetchListPage.mock.calls.length - 1][0];

beforeEach(() => {
  localStorage.clear();
  useListViewStore.getState().reset();
  useListFilterStore.getState().reset();
  fetchListPage.mockReset();
  fetchListPage.mockImplementation(async (input) => reply(input));
  sessionStore.getState().setUser({ userId: 'bcm1', userName: 'bcm1', roles: ['BCM', 'APPLICATIONS_ACTIONS', 'TEAM_APPLICATIONS_ASSIGN', 'TEAM_APPLICATIONS_REASSIGN', 'TEAM_APPLICATIONS_ASSIGN_SELF'], teams: [] });
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <ListPage type="TEAM_APPLICATIONS" />
    </MemoryRouter>,
  );

describe('a list page', () => {
  test('asks the server for one page of its list type with the default page size 10 and the active status', async () => {
    renderPage();
    await screen.findByText('240 applications');
    expect(lastInput()).toMatchObject({ queryType: 'TEAM_APPLICATIONS', _applicationStatus: ['ACTIVE'], pagination: { pageSize: 10, page: 0 } });
    expect(screen.getAllByTestId('list-row')).toHaveLength(10);
    expect(screen.getByTestId('closed-count').textContent).toBe('Closed: 17');
  });

  test('page sizes 5, 10, 25, 50, 100; grid sizes 6, 9, 27, 51, 99; the choice is remembered per user and list', async () => {
    renderPage();
    await screen.findByText('240 applications');
    const size = kitSelect('Rows per page');
    expect(size.values()).toEqual(['5', '10', '25', '50', '100']);
    expect(size.shown()).toBe('10');
    size.choose('25');
    await waitFor(() => expect(lastInput().pagination).toMatchObject({ pageSize: 25, page: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    const grid = kitSelect('Rows per page');
    expect(grid.values()).toEqual(['6', '9', '27', '51', '99']);
    await waitFor(() => expect(screen.getAllByTestId('list-card')).toHaveLength(6));
    const saved = JSON.parse(localStorage.getItem('lendline.applications.listView')!);
    expect(saved.byList['bcm1:TEAM_APPLICATIONS']).toMatchObject({ view: 'grid', pageSize: 25, gridPageSize: 6 });
  });

  test('the counts by stage are filters: a click narrows the query, a second click clears it', async () => {
    renderPage();
    await screen.findByText('240 applications');
    const chip = within(screen.getByTestId('counts-stage')).getByRole('button', { name: /Credit Review/ });
    fireEvent.click(chip);
    await waitFor(() => expect(lastInput().stepName).toBe('Credit Review'));
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(screen.getByTestId('counts-version')).getByRole('button', { name: /Version 243/ }));
    await waitFor(() => expect(lastInput()._verNum).toBe(243));
    fireEvent.click(within(screen.getByTestId('counts-stage')).getByRole('button', { name: /Credit Review/ }));
    await waitFor(() => expect(lastInput().stepName).toBeUndefined());
  });

  test('paging is server-side: Next asks for page 2', async () => {
    renderPage();
    await screen.findByText('240 applications');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastInput().pagination).toMatchObject({ page: 1 }));
    expect(await screen.findByText('APP-10')).toBeTruthy();
  });

  test('sorting goes to the server', async () => {
    renderPage();
    await screen.findByText('240 applications');
    fireEvent.click(screen.getByRole('button', { name: /Loan amount/ }));
    await waitFor(() => expect(lastInput().sort).toEqual({ field: 'customFields.loanAmount', order: 'asc' }));
  });

  test("a column sorts and filters under the server's name for it when the table config gives one", async () => {
    renderPage();
    await screen.findByText('240 applications');
    fireEvent.click(screen.getByRole('button', { name: /SLA due/ }));
    await waitFor(() => expect(lastInput().sort).toEqual({ field: 'sla_due_at', order: 'asc' }));
    fireEvent.click(screen.getByRole('button', { name: /SLA due/ }));
    await waitFor(() => expect(lastInput().sort).toEqual({ field: 'sla_due_at', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /SLA due/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await screen.findByTestId('filter-field');
    kitSelect('Field').choose('assignedTeam');
    expect(kitSelect('Field').shown()).toBe('Team');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: 'CPA-NORTH' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    });
    await waitFor(() => expect(lastInput().filter).toEqual([{ field: 'assigned_team', operator: 'EQUAL', value: 'CPA-NORTH', type: 'text' }]));
    expect(within(screen.getByTestId('active-filters')).getByText(/^Team/)).toBeTruthy();
  });

  test('a §5 filter from the panel is sent with the query and remembered', async () => {
    renderPage();
    await screen.findByText('240 applications');
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await screen.findByTestId('filter-field');
    kitSelect('Field').choose('customFields.loanAmount');
    const op = kitSelect('Condition');
    expect(op.values()).toEqual(['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL']);
    op.choose('GREATER_THAN_OR_EQUAL');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '500000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    });
    await waitFor(() => expect(lastInput().filter).toEqual([{ field: 'customFields.loanAmount', operator: 'GREATER_THAN_OR_EQUAL', value: 500000, type: 'amount' }]));
    expect(JSON.parse(localStorage.getItem('lendline.applications.listFilters')!).byList['bcm1:TEAM_APPLICATIONS'].filters).toHaveLength(1);
  });

  test('ticking rows offers the assignment the user may do on this list', async () => {
    renderPage();
    await screen.findByText('240 applications');
    fireEvent.click(screen.getByLabelText('Select APP-1'));
    expect(await screen.findByRole('button', { name: 'Assign to me' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assign to…' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reassign to…' })).toBeTruthy();
  });
});
