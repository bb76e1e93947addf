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

  test('amounts are right-aligned in lakh grouping, dates read DD/MM/YYYY hh:mm:ss AM/PM', () => {
    setup();
    const cells = screen.getAllByTestId('list-row')[0].querySelectorAll('td');
    expect(cells[2].textContent).toBe('12,50,000');
    expect(cells[2].className).toBe('ll-num');
    expect(cells[3].textContent).toMatch(/^04\/03\/2026 \d\d:20:00 [AP]M$/);
  });

  test('columns get widths from their text: the id column is never narrower than the widest id', () => {
    const wide = [{ application_id: 'APP-2026-LONG-IDENTIFIER-000001', customFields: {}, stepName: 'x' }];
    const { container } = render(<ListTable caption="x" columns={columns} rows={wide} pageSize={10} offset={0} total={1} busy={false} sort={null} onSort={() => {}} onOpen={() => {}} selectable={false} selected={{}} onToggle={() => {}} onToggleAll={() => {}} widths={{ application_id: 60 }} onResize={() => {}} />);
    const idCol = container.querySelectorAll('col')[0] as HTMLElement;
    expect(parseFloat(idCol.style.width)).toBeGreaterThanOrEqual(31 * 9.6); // the estimate's width of the id text
    expect((container.querySelector('table') as HTMLElement).style.width).toMatch(/^max\(100%, \d+px\)$/);
  });

  test('the resize handles come when focus enters the header; a column resizes from the keyboard; Home returns it to its automatic width', async () => {
    const onResize = jest.fn();
    setup({ onResize, widths: { stepName: 200 } });
    expect(screen.queryByRole('separator')).toBeNull();
    fireEvent.focusIn(screen.getByRole('button', { name: /Loan amount/ }));
    const handle = await screen.findByRole('separator', { name: 'Resize column Stage' });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(onResize).toHaveBeenLastCalledWith('stepName', 216);
    fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    expect(onResize).toHaveBeenLastCalledWith('stepName', 136);
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(onResize).toHaveBeenLastCalledWith('stepName', null);
  });

  test('Right and Left move focus across a row\'s cells; a cut value then shows whole in a tip', async () => {
    const { onOpen } = setup();
    const row = screen.getAllByTestId('list-row')[0];
    row.focus();
    fireEvent.keyDown(row, { key: 'ArrowRight' });
    const idCell = row.querySelector('td[data-col="0"]') as HTMLElement;
    expect(document.activeElement).toBe(idCell);
    const stage = row.querySelector('td[data-col="3"]') as HTMLElement;
    // jsdom has no layout: make this cell's text wider than its box, as a cut value is.
    Object.defineProperty(stage, 'scrollWidth', { configurable: true, get: () => 300 });
    Object.defineProperty(stage, 'clientWidth', { configurable: true, get: () => 80 });
    fireEvent.keyDown(idCell, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.queryByRole('tooltip')).toBeNull(); // the date fits: no tip
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(stage);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Data Entry');
    expect(stage.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    fireEvent.keyDown(stage, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getAllByTestId('list-row')[1].querySelector('td[data-col="3"]'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
    for (let i = 0; i < 4; i++) fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getAllByTestId('list-row')[1]);
  });

  test('hovering a cut cell shows its whole value; leaving hides it', async () => {
    setup();
    const stage = screen.getAllByTestId('list-row')[2].querySelector('td[data-col="3"]') as HTMLElement;
    Object.defineProperty(stage, 'scrollWidth', { configurable: true, get: () => 300 });
    Object.defineProperty(stage, 'clientWidth', { configurable: true, get: () => 80 });
    fireEvent.pointerOver(stage);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Data Entry');
    fireEvent.pointerLeave(stage.closest('tbody')!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
