import { fireEvent, render, screen } from '@testing-library/react';
import { ActionDialog } from '../src/features/detail/components/action-dialog';
import { CPA_ROLES, view } from './support/views';
import { kitSelect } from '@lendline/shared/testing';

/** The "Complete step" dialog: the §4 completion types in words, the checks preselected, the override gated. */
const complete = { action: 'complete_step/user', reason: 'none', input: 'completion' } as const;

describe('Complete step dialog', () => {
  test('offers the completion types in words with the checks preselected; no override without the permission', () => {
    const onConfirm = jest.fn();
    render(<ActionDialog def={complete} view={view()} busy={false} roles={CPA_ROLES} onConfirm={onConfirm} onClose={jest.fn()} />);
    const how = kitSelect('How to complete');
    expect(how.shown()).toBe('Complete — check mandatory fields and documents');
    expect(how.labels()).toEqual([
      'Complete — check mandatory fields and documents',
      'Complete with exceptions — send the gaps for approval',
      'Cancel the step',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Complete step' }));
    expect(onConfirm).toHaveBeenCalledWith({ completionType: 'COMPLETE_WITH_VALIDATIONS' });
  });

  test('the override is offered to COMPLETE_WITHOUT_VALIDATIONS and needs a reason', () => {
    const onConfirm = jest.fn();
    render(<ActionDialog def={complete} view={view()} busy={false} roles={[...CPA_ROLES, 'COMPLETE_WITHOUT_VALIDATIONS']} onConfirm={onConfirm} onClose={jest.fn()} />);
    const how = kitSelect('How to complete');
    expect(how.values()).toEqual(['COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'CANCEL', 'COMPLETE']);
    how.choose('COMPLETE');
    expect(screen.getByTestId('completion-override').textContent).toContain('not checked');
    const confirm = screen.getByRole('button', { name: 'Confirm: Complete step' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason (required)'), { target: { value: 'Documents seen on paper' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ completionType: 'COMPLETE', reason: 'Documents seen on paper' });
  });
});
