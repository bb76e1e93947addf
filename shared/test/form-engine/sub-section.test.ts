import * as yup from 'yup';
import {
  buildFormSchema,
  checkSubSectionBeforeSave,
  gridSizeToCss,
  subSectionComponents,
  subSectionStatusFromValues,
  validateSubSection,
} from '../../src/form-engine';
import type { SubSection } from '../../src/form-engine';
import { clock, field } from './fixtures';

const sub: SubSection = {
  subSectionId: 'income',
  routeName: 'income',
  components: [
    {
      componentId: 'employment',
      fields: [field('employment', { type: 'dropdown', mandatory: true }), field('employer', { type: 'text', mandatory: true })],
      ruleConfigs: [{ type: 'CONDITIONAL_HIDE', fields: ['employer'], and: [{ key: 'employment', value: 'Retired' }] }],
    },
  ],
  fields: [field('agree', { type: 'checkbox', mandatory: true })],
};

describe('sub-section helpers', () => {
  it('gathers components, a bare field list becoming one component', () => {
    expect(subSectionComponents(sub).map((c) => c.componentId)).toEqual(['employment', 'income']);
  });

  it('validates every component under its own rules', () => {
    expect(validateSubSection(sub, { employment: 'Retired', agree: true }, { clock })).toEqual([]);
    expect(validateSubSection(sub, { employment: 'Salaried', agree: false }, { clock }).map((i) => i.key)).toEqual(['employer', 'agree']);
  });

  it('derives the progress status from values', () => {
    expect(subSectionStatusFromValues(sub, {}, { clock })).toBe('PENDING');
    expect(subSectionStatusFromValues(sub, { agree: false }, { clock })).toBe('PENDING');
    expect(subSectionStatusFromValues(sub, { employment: 'Salaried' }, { clock })).toBe('PROGRESS');
    expect(subSectionStatusFromValues(sub, { employment: 'Retired', agree: true }, { clock })).toBe('COMPLETE');
  });

  it('checks before save, unless mandatory validations are off', () => {
    const check = checkSubSectionBeforeSave(sub, { employment: 'Salaried', agree: true }, { clock });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.dirtyKeys).toEqual(['employer']);
    expect(checkSubSectionBeforeSave({ ...sub, mandatoryValidations: false }, {}, { clock }).ok).toBe(true);
    expect(checkSubSectionBeforeSave(sub, {}, { clock, isSummary: true }).ok).toBe(true);
  });
});

describe('buildFormSchema', () => {
  const fields = sub.components![0].fields;
  const rules = sub.components![0].ruleConfigs;

  it('is a yup object over the visible fields whose errors are §5 keys', () => {
    const schema = buildFormSchema(fields, { rules, values: { employment: 'Salaried' } });
    expect(() => schema.validateSync({ employment: 'Salaried', employer: '' }, { abortEarly: false })).toThrow(yup.ValidationError);
    let error: yup.ValidationError | undefined;
    try {
      schema.validateSync({ employment: '', employer: '' }, { abortEarly: false });
    } catch (e) {
      error = e as yup.ValidationError;
    }
    expect(error?.inner.map((i) => [i.path, i.message])).toEqual([
      ['employment', 'required'],
      ['employer', 'required'],
    ]);
  });

  it('leaves out hidden fields', () => {
    const schema = buildFormSchema(fields, { rules, values: { employment: 'Retired' } });
    expect(schema.isValidSync({ employment: 'Retired' })).toBe(true);
  });
});

describe('grid sizes (§3: percentage, content-fitting or auto)', () => {
  it.each<[unknown, string]>([
    [50, '50%'],
    ['33.3%', '33.3%'],
    ['100', '100%'],
    [150, '100%'],
    ['fit-content', 'fit-content'],
    ['content', 'fit-content'],
    ['auto', 'auto'],
    [undefined, 'auto'],
    ['wide', 'auto'],
  ])('%p → %s', (input, css) => {
    expect(gridSizeToCss(input as string)).toBe(css);
  });
});
