import { autoWidth, CELL_PADDING, contentWidths, HANDLE, layoutWidths, MAX_AUTO_WIDTH, MIN_WIDTH, SORT_MARK } from '../src/lib/column-widths';
import { BIG_STEP, keyboardWidth, STEP } from '../src/features/lists/components/column-resizer';
import { saneWidths, useListViewStore } from '../src/features/lists/hooks/list-view-store';

// 8 px per character, 10 when bold: easy to reason about.
const measure = (text: string, bold?: boolean) => text.length * (bold ? 10 : 8);
const columns = [
  { key: 'application_id', label: 'Application ID', sortable: true },
  { key: 'applicant_name', label: 'Applicant', sortable: true },
  { key: 'customFields.loanPurpose', label: 'Purpose' },
];
const long = 'x'.repeat(100); // 800 px of text
const texts = [
  ['APP-2026-000001', 'Varun Krishnamurthy Subramaniam Iyer', 'Home'],
  ['APP-2026-000002', 'Asha', long],
];

describe('column widths from text metrics', () => {
  test('a column is as wide as its widest cell or its header (bold, sort mark, handle), plus padding', () => {
    const w = contentWidths(columns, texts, measure);
    expect(w.application_id).toBe(Math.max(14 * 10 + SORT_MARK + HANDLE, 15 * 8) + CELL_PADDING);
    expect(w.applicant_name).toBe(36 * 8 + CELL_PADDING);
    expect(w['customFields.loanPurpose']).toBe(800 + CELL_PADDING);
  });

  test('equal texts are measured once per page', () => {
    const seen = jest.fn(measure);
    const same = Array.from({ length: 100 }, () => ['APP-1', 'Same Name', 'Home']);
    contentWidths(columns, same, seen);
    expect(seen).toHaveBeenCalledTimes(3 /* headers */ + 3 /* distinct cells */);
  });

  test('the id and the applicant are never capped; other columns are, and show the rest on hover/focus', () => {
    expect(autoWidth('applicant_name', 900)).toBe(900);
    expect(autoWidth('application_id', 900)).toBe(900);
    expect(autoWidth('customFields.loanPurpose', 900)).toBe(MAX_AUTO_WIDTH);
    expect(autoWidth('stepName', 10)).toBe(MIN_WIDTH);
  });

  test('a remembered width wins, but never cuts the id or the applicant', () => {
    const content = contentWidths(columns, texts, measure);
    const w = layoutWidths(columns, content, { applicant_name: 60, 'customFields.loanPurpose': 150 });
    expect(w.applicant_name).toBe(content.applicant_name); // asked narrower than its text: kept whole
    expect(w['customFields.loanPurpose']).toBe(150);
    expect(w.application_id).toBe(content.application_id);
    expect(layoutWidths(columns, content, { applicant_name: 700 }).applicant_name).toBe(700);
    // Garbage read back from storage falls back to the automatic width.
    expect(layoutWidths(columns, content, { applicant_name: Number.NaN }).applicant_name).toBe(content.applicant_name);
  });

  test('keyboard resizing: arrows step, Shift steps more, Home returns to automatic, other keys do nothing', () => {
    expect(keyboardWidth('stepName', 100, 200, 'ArrowRight', false)).toBe(200 + STEP);
    expect(keyboardWidth('stepName', 100, 200, 'ArrowLeft', true)).toBe(200 - BIG_STEP);
    expect(keyboardWidth('stepName', 100, 60, 'ArrowLeft', true)).toBe(MIN_WIDTH);
    expect(keyboardWidth('applicant_name', 300, 300, 'ArrowLeft', false)).toBe(300); // not below its text
    expect(keyboardWidth('stepName', 100, 200, 'Home', false)).toBeNull();
    expect(keyboardWidth('stepName', 100, 200, 'a', false)).toBeUndefined();
  });

  test('a stored layout is read back only as far as it is sane, and is kept per user and list with the other view choices', () => {
    expect(saneWidths({ a: 120, b: 'wide', c: -4, d: 99999, e: 80.6 })).toEqual({ a: 120, e: 81 });
    expect(saneWidths(null)).toEqual({});
    const { setPrefs } = useListViewStore.getState();
    setPrefs('cpa1:MY_APPLICATIONS', { widths: { stepName: 90, x: Number.NaN } as Record<string, number> });
    setPrefs('cpa1:MY_APPLICATIONS', { pageSize: 25 });
    expect(useListViewStore.getState().byList['cpa1:MY_APPLICATIONS']).toMatchObject({ pageSize: 25, widths: { stepName: 90 } });
    expect(useListViewStore.getState().byList['cpa2:MY_APPLICATIONS']).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('lendline.applications.listView')!).byList['cpa1:MY_APPLICATIONS'].widths).toEqual({ stepName: 90 });
  });
});
