import { formatDate as formatDay } from '@lendline/shared';
import { formatFieldValue, formatMoney, humanizeKey } from '../src/features/detail/api/field-text';
import { buildSummary } from '../src/features/detail/api/summary-model';

const f = (key: string, label: string, details: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ key, label, ...extra, field_type_details: details }) as never;

describe('§9 formats of the staff summary', () => {
  test('money: INR in lakh grouping with ₹ and two decimals; other currencies in thousands; percent with two decimals', () => {
    expect(formatMoney(2010000)).toBe('₹20,10,000.00');
    expect(formatMoney('12345678.5')).toBe('₹1,23,45,678.50');
    expect(formatMoney(999)).toBe('₹999.00');
    expect(formatMoney(-1500)).toBe('-₹1,500.00');
    expect(formatMoney(1234567, 'USD')).toBe('$1,234,567.00');
    expect(formatMoney(12.5, 'percent')).toBe('12.50%');
    expect(formatMoney('not a number')).toBe('');
  });

  test('dates DD/MM/YYYY whether stored that way or as ISO', () => {
    expect(formatDay('05/03/1990')).toBe('05/03/1990');
    expect(formatDay('1990-03-05')).toBe('05/03/1990');
  });

  test('labels for values no field describes are words, never camelCase keys', () => {
    expect(humanizeKey('loanAmount')).toBe('Loan amount');
    expect(humanizeKey('isPropertyFinalized')).toBe('Is property finalized');
    expect(humanizeKey('existing_or_new_customer')).toBe('Existing or new customer');
    expect(humanizeKey('panNumberPAN')).toBe('Pan number PAN');
  });

  test('each field type reads as a person would say it', () => {
    expect(formatFieldValue(f('rate', 'Rate', { type: 'range', interest_rate: true }), [10.5, 12])).toBe('10.50% – 12.00%');
    expect(formatFieldValue(f('rate', 'Rate', { type: 'text', interest_rate: true }), '9.5')).toBe('9.50%');
    expect(formatFieldValue(f('p', 'Purpose', { type: 'dropdown', internal_list: [{ label: 'Home renovation', value: 'HR' }] }), 'HR')).toBe('Home renovation');
    expect(formatFieldValue(f('c', 'Consent', { type: 'toggle' }), true)).toBe('Yes');
    expect(formatFieldValue(f('d', 'Docs', { type: 'fileUploadHub' }), { uploadedDocuments: [{ name: 'pan.pdf', size: 1, type: 'pdf' }, { name: 'slip.pdf', size: 1, type: 'pdf' }] })).toBe('pan.pdf, slip.pdf');
    const refs = f('references', 'References', { type: 'multipleInputs' }, { fields: [{ key: 'referenceName', label: 'Name', field_type_details: { type: 'text' } }] });
    expect(formatFieldValue(refs, [{ referenceName: 'Ravi' }, { referenceName: 'Meena' }])).toBe('Name: Ravi; Name: Meena');
  });
});

describe('the summary by section', () => {
  const flow = {
    flowId: 'HL', flowName: 'Home loan', verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW',
    sections: [
      {
        sectionId: 'LOAN', name: 'Loan requirement', routeName: 'loan',
        subSections: [
          {
            subSectionId: 'L1', name: 'Loan details', routeName: 'l1',
            components: [
              {
                componentId: 'C',
                fields: [
                  f('loanAmount', 'Loan amount', { type: 'text', currency_field: 'INR' }),
                  f('isPropertyFinalized', 'Property finalised?', { type: 'radio', internal_list: ['Yes', 'No'] }),
                  f('propertyValue', 'Property value', { type: 'text', currency_field: 'INR' }),
                  f('calculateEmi', 'Calculate my EMI', { type: 'button' }),
                ],
                ruleConfigs: [{ type: 'CONDITIONAL_HIDE', fields: ['propertyValue'], and: [{ key: 'isPropertyFinalized', value: 'No' }] }],
              },
            ],
          },
        ],
      },
    ],
  } as never;

  test('configured labels and formatted values in the flow order; buttons and rule-hidden fields left out; the rest under readable names', () => {
    const m = buildSummary(flow, { loanAmount: 2010000, isPropertyFinalized: 'No', propertyValue: 5, annualTurnover: 8040000, source_id: 'BRANCH' });
    expect(m.sections).toHaveLength(1);
    expect(m.sections[0].groups[0].rows.map((r) => [r.label, r.text])).toEqual([
      ['Loan amount', '₹20,10,000.00'],
      ['Property finalised?', 'No'],
    ]);
    // propertyValue is hidden by the rule for these values, so it is not on the summary (nor among the leftovers).
    expect(m.other.map((r) => [r.label, r.text])).toEqual([
      ['Annual turnover', '8040000'],
      ['Source id', 'BRANCH'],
    ]);
  });

  test('without a flow every value is a leftover with a readable label', () => {
    const m = buildSummary(null, { loanAmount: 2010000 });
    expect(m.sections).toEqual([]);
    expect(m.other).toEqual([{ key: 'loanAmount', label: 'Loan amount', text: '2010000' }]);
  });
});
