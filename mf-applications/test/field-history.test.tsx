import { fireEvent, render, screen, within } from '@testing-library/react';
import { ApplicationData } from '../src/features/detail/components/application-data';

jest.mock('../src/features/detail/api/application', () => ({ fetchFieldHistory: jest.fn() }));
const fetchFieldHistory = jest.requireMock<{ fetchFieldHistory: jest.Mock }>('../src/features/detail/api/application').fetchFieldHistory;

afterEach(() => fetchFieldHistory.mockReset());

describe('field history', () => {
  test('asks for the audit rows under the path the server records (customFields.<key>) and shows who, old → new', async () => {
    fetchFieldHistory.mockImplementation(async (_id: string, key: string) =>
      key === 'customFields.lastName' ? [{ id: 1, fieldKey: key, oldValue: 'Das', newValue: 'Edited', userId: 'cpa1', at: '2026-11-22T10:00:00.000Z', action: 'save' }] : [],
    );
    render(<ApplicationData applicationId="APP-1" values={{ lastName: 'Edited', loanAmount: 5 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'History of lastName' }));
    const row = await screen.findByTestId('history-row');
    expect(fetchFieldHistory).toHaveBeenCalledWith('APP-1', 'customFields.lastName');
    expect(within(row).getByText('cpa1')).toBeTruthy();
    expect(row.textContent).toContain('Das → Edited');
    expect(screen.getByRole('dialog', { name: 'History of lastName' })).toBeTruthy();
  });

  test('a field never changed says so', async () => {
    fetchFieldHistory.mockResolvedValue([]);
    render(<ApplicationData applicationId="APP-1" values={{ loanAmount: 5 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'History of loanAmount' }));
    expect(await screen.findByText('This field has not been changed.')).toBeTruthy();
  });
});
