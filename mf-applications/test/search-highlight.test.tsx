import { render, screen } from '@testing-library/react';
import { Highlight, findMatch } from '../src/lib/highlight';
import { ListTable } from '../src/features/lists/components/list-table';
import type { TableColumn } from '../src/api/table-config';

/** Search results and "Search this list" mark the fragment the server matched (issue 26), as text, never markup. */
describe('search highlight', () => {
  test('finds the fragment ignoring case, accents and runs of spaces, in the original text', () => {
    expect(findMatch('Rājeśwarī Iyer', 'rajes')).toEqual([0, 5]);
    expect(findMatch('APP-00000241', '241')).toEqual([9, 12]);
    expect(findMatch('Rajesh  Kumar', 'rajesh kumar')).toEqual([0, 13]);
    expect(findMatch('Suraj Nair', 'RAJ')).toEqual([2, 5]);
    expect(findMatch('Neha Shah', 'raj')).toBeNull();
    expect(findMatch('Neha', '   ')).toBeNull();
  });

  test('marks the match with <mark> and renders data as text, not HTML', () => {
    const { container } = render(<p data-testid="p"><Highlight text={'<img src=x onerror=alert(1)> Rājeśwarī'} query="RAJES" /></p>);
    expect(container.querySelector('mark')!.textContent).toBe('Rājeś');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('p').textContent).toBe('<img src=x onerror=alert(1)> Rājeśwarī');
  });

  test('the list table marks the searched fragment in its cells', () => {
    const columns: TableColumn[] = [
      { key: 'application_id', label: 'Application ID', type: 'text', filterable: true },
      { key: 'applicant_name', label: 'Applicant', type: 'text', filterable: true },
    ];
    const rows = [{ application_id: 'APP-00000241', applicant_name: 'Rajat Verma' }, { application_id: 'APP-00000107', applicant_name: 'Suraj Nair' }];
    render(<ListTable caption="All" columns={columns} rows={rows} pageSize={10} offset={0} total={2} busy={false} sort={null} onSort={() => {}} onOpen={() => {}} selectable={false} selected={{}} onToggle={() => {}} onToggleAll={() => {}} highlight="raj" />);
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Raj', 'raj']);
  });
});
