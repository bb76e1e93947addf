import { fireEvent, render, screen, within } from '@testing-library/react';
import { ApplicationSummary } from '../src/features/detail/components/application-summary';

jest.mock('../src/features/detail/api/application', () => ({ fetchFieldHistory: jest.fn() }));
const fetchFieldHistory = jest.requireMock<{ fetchFieldHistory: jest.Mock }>('../src/features/detail/api/application').fetchFieldHistory;

afterEach(() => fetchFieldHistory.mockReset());

const flow = {
  flowId: 'PL_FLOW', flowName: 'Personal loan', verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW',
  sections: [
    {
      sectionId: 'S1', name: 'Applicant details', routeName: 's1',
      subSections: [{ subSectionId: 'P', routeName: 'p', fields: [{ key: 'lastName', label: 'Last name', field_type_details: { type: 'text' } }, { key: 'loanAmount', label: 'Loan amount', field_type_details: { type: 'text', currency_field: 'INR' } }] }],
    },
  ],
} as never;

const summary = (values: Record<string, unknown>) => (
  <ApplicationSummary applicationId="APP-1" flow={{ status: 'ready', flow }} values={values} editable={false} editing={new Set()} onEdit={() => {}} register={() => () => {}} report={() => {}} />
);

describe('field history', () => {
  test('asks for the audit rows under the path the server records (customFields.<key>) and shows who, old → new, formatted like the field', async () => {
    fetchFieldHistory.mockImplementation(async (_id: string, key: string) =>
      key === 'customFields.loanAmount' ? [{ id: 1, fieldKey: key, oldValue: 1500000, newValue: 2010000, userId: 'cpa1', at: '2026-11-22T10:00:00.000Z', action: 'save' }] : [],
    );
    render(summary({ lastName: 'Edited', loanAmount: 2010000 }));
    fireEvent.click(screen.getByRole('button', { name: 'History of Loan amount' }));
    const row = await screen.findByTestId('history-row');
    expect(fetchFieldHistory).toHaveBeenCalledWith('APP-1', 'customFields.loanAmount');
    expect(within(row).getByText('cpa1')).toBeTruthy();
    // Old and new, with the arrow between them an icon that says what it means.
    expect(row.textContent).toContain('₹15,00,000.00  ₹20,10,000.00');
    expect(within(row).getByRole('img', { name: 'changed to' })).toBeTruthy();
    expect(row.querySelector('td')?.textContent).toMatch(/^\d{2}\/11\/2026 \d{2}:\d{2}:\d{2} [AP]M$/);
    expect(screen.getByRole('dialog', { name: 'History of Loan amount' })).toBeTruthy();
  });

  test('a field never changed says so', async () => {
    fetchFieldHistory.mockResolvedValue([]);
    render(summary({ lastName: 'Rao' }));
    fireEvent.click(screen.getByRole('button', { name: 'History of Last name' }));
    expect(await screen.findByText('This field has not been changed.')).toBeTruthy();
  });
});
