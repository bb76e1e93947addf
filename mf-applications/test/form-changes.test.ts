import { baselineOf, changesFrom } from '../src/features/detail/api/form-changes';

const sub = {
  subSectionId: 'SS1',
  routeName: 'ss1',
  components: [
    {
      componentId: 'C1',
      fields: [
        { key: 'lastName', label: 'Last name', field_type_details: { type: 'text' } },
        { key: 'tenure', label: 'Tenure', field_type_details: { type: 'counter', min_value: 12, max_value: 60, defaultValue: 12 } },
      ],
    },
  ],
} as never;

describe('what the staff user changed in the backstage form', () => {
  const stored = { lastName: 'Das', loanAmount: 500000 };
  const baseline = baselineOf(sub, stored);

  test('the baseline is the stored values over the configured defaults', () => {
    expect(baseline).toMatchObject({ lastName: 'Das', loanAmount: 500000 });
  });

  test('an untouched form (or one re-initialised after a save) changes nothing, defaults included', () => {
    expect(changesFrom(baseline, { ...baseline })).toEqual({});
  });

  test('an edited field is a change; an emptied one is a change to null', () => {
    expect(changesFrom(baseline, { ...baseline, lastName: 'Edited' })).toEqual({ lastName: 'Edited' });
    const { lastName: _gone, ...rest } = baseline;
    expect(changesFrom(baseline, rest)).toEqual({ lastName: null });
  });

  test("a sub-section's save sends only its visible fields: missing keys are not clearings", () => {
    expect(changesFrom(baseline, { lastName: 'Rao' }, false)).toEqual({ lastName: 'Rao' });
  });
});
