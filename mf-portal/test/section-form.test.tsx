import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SubSection } from '@lendline/shared/form-engine';
import { SectionForm } from '../src/features/fields/section-form';
import { f } from './render-in-form';
import { personalSub } from './support/personal-sub';
import { countRenders } from './count-renders';

const sub = personalSub([
  f('firstName', 'First name', 'text', { mandatory: true }),
  f('isPropertyFinalized', 'Property finalised?', 'radio', { property: 'fin', internal_list: ['Yes', 'No'] }),
  f('propertyValue', 'Property value', 'text', { mandatory: true, currency_field: 'INR', amount_field: true }),
  f('secret', 'Never shown', 'text', { mandatory: true }, { field_identifier: 'H' }),
]);

describe('SectionForm', () => {
  it('blocks the save with "Please fill all mandatory fields" and marks the required controls', async () => {
    const onSave = jest.fn();
    render(<SectionForm sub={sub} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByText('Please fill all mandatory fields')).toBeTruthy());
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('page rules: the isPropertyFinalized = No case hides the property value until Yes; hidden fields are not saved', async () => {
    const onSave = jest.fn();
    render(<SectionForm sub={sub} onSave={onSave} initialValues={{ propertyValue: '999' }} />);
    expect(screen.queryByLabelText(/Property value/)).toBeNull(); // unanswered counts as No
    expect(screen.queryByLabelText(/Never shown/)).toBeNull(); // identifier H
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/Property value/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Property value/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Asha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ firstName: 'Asha', isPropertyFinalized: 'No' }));
  });

  it('a keystroke re-renders only its own field', () => {
    const many: SubSection = { subSectionId: 's', routeName: 'r', fields: Array.from({ length: 30 }, (_, i) => f(`f${i}`, `Field ${i}`, 'text', { mandatory: true })) };
    const probe = countRenders();
    try {
      render(<SectionForm sub={many} onSave={() => undefined} />);
      expect(new Set(probe.commits).size).toBe(30);
      probe.commits.length = 0;
      fireEvent.change(screen.getByLabelText(/Field 3\b/), { target: { value: 'x' } });
      expect(probe.commits).toEqual(['f3']);
    } finally {
      probe.restore();
    }
  });

  it('reports every change for drafts, not the initial values', () => {
    const onValuesChange = jest.fn();
    render(<SectionForm sub={sub} onSave={() => undefined} onValuesChange={onValuesChange} />);
    expect(onValuesChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'A' } });
    expect(onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'A' }));
  });
});

