import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ActionDialog } from '../src/features/detail/components/action-dialog';
import { CPA_ROLES, view } from './support/views';
import { kitSelect } from '@lendline/shared/testing';

jest.mock('../src/features/detail/api/application', () => ({ declineOptions: jest.fn() }));
const { declineOptions } = jest.requireMock('../src/features/detail/api/application') as { declineOptions: jest.Mock };
afterEach(() => declineOptions.mockReset());

/** The Reject dialog (issue 25): one of the product's decline reasons and a comment, and what happens next in words. */
const reject = { action: 'reject', reason: 'required', input: 'decline', danger: true } as const;
const OPTIONS = { reasons: [{ code: 'INCOME_NOT_VERIFIED', label: 'Income could not be verified' }, { code: 'POLICY_NOT_MET', label: 'Outside the product policy' }], direct: false, reversalWindowHours: 720, pending: null };

describe('Reject dialog', () => {
  test("offers the product's reasons, says the decline waits for a second person, and sends the code with the comment", async () => {
    declineOptions.mockResolvedValue(OPTIONS);
    const onConfirm = jest.fn();
    render(<ActionDialog def={reject} view={view()} busy={false} roles={CPA_ROLES} onConfirm={onConfirm} onClose={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('decline-note').textContent).toMatch(/second person with approval rights confirms/));
    const reason = kitSelect('Decline reason (required)');
    expect(reason.shown()).toBe('Choose a reason');
    expect(reason.labels()).toEqual(['Income could not be verified', 'Outside the product policy']);
    const confirm = screen.getByRole('button', { name: 'Confirm: Reject' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Comment (required)'), { target: { value: 'Salary slips do not match' } });
    expect(confirm.disabled).toBe(true); // no reason chosen yet
    reason.choose('INCOME_NOT_VERIFIED');
    expect(reason.shown()).toBe('Income could not be verified');
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ reasonCode: 'INCOME_NOT_VERIFIED', reason: 'Salary slips do not match' });
  });

  test('a role that declines alone is told the decline is final; a pending decline blocks another', async () => {
    declineOptions.mockResolvedValue({ ...OPTIONS, direct: true });
    const { unmount } = render(<ActionDialog def={reject} view={view()} busy={false} roles={CPA_ROLES} onConfirm={jest.fn()} onClose={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('decline-note').textContent).toMatch(/final: the application is rejected now/));
    unmount();
    declineOptions.mockResolvedValue({ ...OPTIONS, pending: { subTaskId: '9', by: 'cpa2', reason: 'Outside the product policy' } });
    render(<ActionDialog def={reject} view={view()} busy={false} roles={CPA_ROLES} onConfirm={jest.fn()} onClose={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('decline-note').textContent).toBe('A decline by cpa2 (Outside the product policy) already waits for confirmation.'));
    kitSelect('Decline reason (required)').choose('POLICY_NOT_MET');
    fireEvent.change(screen.getByLabelText('Comment (required)'), { target: { value: 'Again' } });
    expect((screen.getByRole('button', { name: 'Confirm: Reject' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
