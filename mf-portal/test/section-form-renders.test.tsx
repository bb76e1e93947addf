import { act, fireEvent, render, screen } from '@testing-library/react';
import type { SubSection } from '@lendline/shared/form-engine';
import { SectionForm } from '../src/features/fields/section-form';
import { f } from './render-in-form';
import { countRenders } from './count-renders';

// Render counts of a many-field sub-section are deterministic: what bench/form-keystroke.mjs measures in
// Chromium (one field re-render per keystroke, no second pass over every field after mount), asserted here.

const N = 40;
const many: SubSection = {
  subSectionId: 's',
  routeName: 'r',
  components: [
    {
      componentId: 'C',
      fields: [
        f('gate', 'Gate', 'radio', { property: 'gate', internal_list: ['Yes', 'No'], defaultValue: 'Yes' }),
        ...Array.from({ length: N }, (_, i) => f(`f${i}`, `Field ${i}`, 'text', { mandatory: true, regex: '^[a-z]+$' })),
      ],
      ruleConfigs: [{ type: 'CONDITIONAL_HIDE', fields: ['f39'], and: [{ key: 'gate', operator: 'EQUAL', value: 'No' }] }],
    },
  ],
};

describe('SectionForm render counts', () => {
  it('mounting renders every field once (no second pass after registration and the first validation)', async () => {
    const probe = countRenders();
    try {
      render(<SectionForm sub={many} onSave={() => undefined} />);
      await act(async () => undefined); // let effects (registration, validation) and anything they schedule run
      expect(probe.commits).toHaveLength(N);
      expect(new Set(probe.commits).size).toBe(N);
    } finally {
      probe.restore();
    }
  });

  it('a keystroke validates its own field and leaves the other fields and their errors alone', async () => {
    const probe = countRenders();
    try {
      render(<SectionForm sub={many} onSave={() => undefined} />);
      fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await screen.findByText('Please fill all mandatory fields')).toBeTruthy();
      expect(screen.getByLabelText(/Field 3\b/).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByLabelText(/Field 4\b/).getAttribute('aria-invalid')).toBe('true');
      probe.commits.length = 0;
      fireEvent.change(screen.getByLabelText(/Field 3\b/), { target: { value: 'abc' } });
      expect(probe.commits).toEqual(['f3']);
      expect(screen.getByLabelText(/Field 3\b/).getAttribute('aria-invalid')).toBeNull();
      expect(screen.getByLabelText(/Field 4\b/).getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(screen.getByLabelText(/Field 3\b/), { target: { value: 'ABC' } });
      expect(screen.getByLabelText(/Field 3\b/).getAttribute('aria-invalid')).toBe('true');
    } finally {
      probe.restore();
    }
  });

  it('a change to a value a page rule reads still shows and hides fields', () => {
    render(<SectionForm sub={many} onSave={() => undefined} />);
    expect(screen.getByLabelText(/Field 39/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Field 39/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Field 2\b/), { target: { value: 'x' } });
    expect(screen.queryByLabelText(/Field 39/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/Field 39/)).toBeTruthy();
  });
});
