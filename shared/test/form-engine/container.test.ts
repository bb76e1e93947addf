import {
  addRecord,
  addRow,
  canAddRecord,
  canAddRow,
  columnTotals,
  computeContainer,
  containerHeaders,
  emptyContainer,
  overallTotal,
  rowTotal,
  validateValues,
} from '../../src/form-engine';
import type { FieldConfig } from '../../src/form-engine';
import { field } from './fixtures';

const columns: FieldConfig[] = [
  field('heading', { type: 'text' }, { isSectionHeader: true }),
  field('month', { type: 'dropdown', mandatory: true, internal_list: ['Jan', 'Feb'] }, { label: 'Month' }),
  field('salary', { type: 'text', currency_field: true, mandatory: true }, { label: 'Salary', aggregation: true }),
  field('bonus', { type: 'text', currency_field: true }, { label: 'Bonus', aggregation: 'SUM' }),
  field('note', { type: 'text' }, { label: 'Note' }),
];

describe('headers and totals (§3 container forms)', () => {
  it('builds headers from visible columns, without section headers', () => {
    expect(containerHeaders(columns)).toEqual([
      { key: 'month', label: 'Month' },
      { key: 'salary', label: 'Salary', aggregation: true },
      { key: 'bonus', label: 'Bonus', aggregation: 'SUM' },
      { key: 'note', label: 'Note' },
    ]);
  });

  it('row totals, record totals and the overall total', () => {
    const value = computeContainer(columns, [
      [
        { month: 'Jan', salary: '50,000', bonus: '5000' },
        { month: 'Feb', salary: '50000', bonus: '' },
      ],
      [{ month: 'Jan', salary: '20000.50' }],
    ]);
    const headers = value.records[0].headers;
    expect(rowTotal(value.records[0].subRecords[0], headers)).toBe(55000);
    expect(rowTotal(value.records[0].subRecords[1], headers)).toBe(50000);
    expect(value.records.map((r) => r.total)).toEqual([105000, 20000.5]);
    expect(value.overallTotal).toBe(125000.5);
  });

  it('has no totals when nothing is aggregated', () => {
    const value = computeContainer([field('a', { type: 'text' })], [[{ a: '1' }]]);
    expect(value.records[0].total).toBeNull();
    expect(value.overallTotal).toBeNull();
    expect(rowTotal({ a: '1' }, value.records[0].headers)).toBeNull();
  });

  it('supports other aggregations per column, skipping empty cells', () => {
    const headers = [
      { key: 'a', label: 'A', aggregation: 'AVERAGE' as const },
      { key: 'b', label: 'B', aggregation: 'MAX' as const },
      { key: 'c', label: 'C', aggregation: 'COUNT' as const },
    ];
    const record = { subRecords: [{ a: 2, b: 7, c: 'x' }, { a: 4, b: 3, c: 1 }, { a: '', b: '', c: 2 }] };
    expect(columnTotals(record, headers)).toEqual({ a: 3, b: 7, c: 2 });
    expect(overallTotal([{ total: 1 }, { total: null }, { total: 2 }])).toBe(3);
  });
});

describe('adding rows and records (§5 container rows)', () => {
  it('adds a row only when the current one is valid', () => {
    const start = emptyContainer(columns);
    expect(start.records).toHaveLength(1);
    expect(start.records[0].subRecords).toEqual([{ month: '' }]);

    const refused = addRow(columns, start, 0);
    expect(refused.check).toEqual({ ok: false, dirtyKeys: ['month', 'salary'] });
    expect(refused.value).toBe(start);

    const filled = computeContainer(columns, [[{ month: 'Jan', salary: '100' }]]);
    const added = addRow(columns, filled, 0);
    expect(added.check.ok).toBe(true);
    expect(added.value.records[0].subRecords).toHaveLength(2);
    expect(added.value.records[0].total).toBe(100);
  });

  it('marks the mandatory fields and any invalid field dirty', () => {
    expect(canAddRow(columns, { month: 'Jan', salary: '100', bonus: 'abc' })).toEqual({ ok: false, dirtyKeys: ['month', 'salary', 'bonus'] });
    expect(canAddRow(columns, { month: 'Jan', salary: '100', bonus: '' })).toEqual({ ok: true });
  });

  it('adds a record (section) only when every row of the last one is valid', () => {
    const value = computeContainer(columns, [[{ month: 'Jan', salary: '100' }, { month: '', salary: '' }]]);
    expect(canAddRecord(columns, value.records[0])).toEqual({ ok: false, dirtyKeys: ['subRecords[1].month', 'subRecords[1].salary'] });
    expect(addRecord(columns, value).value).toBe(value);
    const ok = computeContainer(columns, [[{ month: 'Jan', salary: '100' }]]);
    const added = addRecord(columns, ok);
    expect(added.value.records).toHaveLength(2);
    expect(added.value.overallTotal).toBe(100);
  });

  it('validateValues checks every row of a container field', () => {
    const container = field('income', { type: 'financial_table' }, { label: 'Income', groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE', fields: columns });
    const value = computeContainer(columns, [[{ month: 'Jan', salary: '100' }, { month: 'Feb', salary: '' }]]);
    expect(validateValues([container], { income: value })).toEqual([
      { key: 'income.records[0].subRecords[1].salary', label: 'Income 2: Salary', errorKey: 'required', reason: 'This field is required' },
    ]);
  });
});
