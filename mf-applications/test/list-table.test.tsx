import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ListTable } from '../src/features/lists/components/list-table';
import type { TableColumn } from '../src/api/table-config';

const columns: TableColumn[] = [
  { key: 'application_id', label: 'Application ID', type: 'text', filterable: true },
  { key: 'customFields.loanAmount', label: 'Loan amount', type: 'amount', filterable: true, sortable: true },
  { key: 'cre_time', label: 'Created', type: 'date', filterable: true, sortable: true },
  { key: 'stepName', label: 'Stage', type: 'text', filterable: true },
];
const rows = Array.from({ length: 10 }, (_, i) => ({ application_id: `APP-${i}`, customFields: { loanAmount: 1250000 + i }, cre_time: '2026-03-04T10:20:00Z', stepName: 'Data Entry' }));

function setup(extra: Partial<Parameters<typeof ListTable>[0]> = {}) {
  const onOpen = jest.fn();
  const onSort = jest.fn();
  const onToggle = jest.fn();
  render(<ListTable caption="My applications" columns={columns} rows={rows} pageSize={10} offset={0} total={120} busy={false} sort={null} onSort={onSort} onOpen={onOpen} selectable selected={{}} onToggle={onToggle} onToggleAll={() => {}} {...extra} />);
  return { onOpen, onSort, onToggle };
}

describe('list table', () => {
  test('columns come from the table config, dotted keys and amounts read and formatted', () => {
    setup();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Application ID', 'Loan amount', 'Created', 'Stage']);
    const first = screen.getAllByTestId('list-row')[0];
    expect(first.textContent).toContain('12,50,000'); // lakh grouping (§9)
    expect(first.textContent).toContain('Data Entry'); // the column key is the row key
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('121');
  });

  test('arrow keys move between rows, Enter opens the focused one, Space ticks it', () => {
    const { onOpen, onToggle } = setup();
    const rowsEls = screen.getAllByTestId('list-row');
    rowsEls[0].focus();
    fireEvent.keyDown(rowsEls[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getAllByTestId('list-row')[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getAllByTestId('list-row')[9]);
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(onToggle).toHaveBeenCalledWith('APP-9');
  });

  test('only one row is in the tab order (roving tabindex)', () => {
    setup();
    expect(screen.getAllByTestId('list-row').filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });

  test('only columns the server can sort by offer sorting', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Stage' })).toBeNull();
  });

  test('a header click sorts ascending, then descending, then not at all', () => {
    const { onSort } = setup();
    fireEvent.click(screen.getByRole('button', { name: /Loan amount/ }));
    expect(onSort).toHaveBeenLastCalledWith({ field: 'customFields.loanAmount', order: 'ASC' });
    const second = setup({ sort: { field: 'cre_time', order: 'ASC' } });
    fireEvent.click(screen.getAllByRole('button', { name: /Created/ })[1]);
    expect(second.onSort).toHaveBeenLastCalledWith({ field: 'cre_time', order: 'DESC' });
  });

  test('the scroll box height follows the page size, not the data, so nothing moves while loading', () => {
    const { container } = render(<ListTable caption="x" columns={columns} rows={[]} pageSize={10} offset={0} total={0} busy sort={null} onSort={() => {}} onOpen={() => {}} selectable={false} selected={{}} onToggle={() => {}} onToggleAll={() => {}} />);
    const box = container.querySelector('.ll-list-scroll') as HTMLElement;
    expect(box.style.height).toBe(`${10 * 40 + 40 + 2}px`);
  });

  test('a 100-row page renders only the rows in view (virtualized)', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ application_id: `APP-${i}` }));
    render(<ListTable caption="x" columns={columns} rows={many} pageSize={100} offset={0} total={1000000} busy={false} sort={null} onSort={() => {}} onOpen={() => {}} selectable={false} selected={{}} onToggle={() => {}} onToggleAll={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('list-row').length).toBeLessThan(40));
    expect(screen.getAllByTestId('list-row')[0].getAttribute('aria-rowindex')).toBe('2');
  });
});
