import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '@lendline/shared';
import type { TableColumn } from '../../../api/table-config';
import { cellValue, type ListRow, type SortSpec } from '../../../api/applications-query';
import { formatCell } from '../../../lib/format-cell';
import { AllRows, type RowWindow, type RowWindowProps } from './row-window';

const VirtualRows = lazy(() => import(/* webpackChunkName: "virtual-rows" */ './virtual-rows'));

/** Fixed row height: rows never change size, so nothing below them moves while data arrives. */
export const ROW_HEIGHT = 40;
const MAX_VISIBLE_ROWS = 12;

export interface ListTableProps {
  caption: string;
  columns: TableColumn[];
  rows: ListRow[];
  pageSize: number;
  /** Index of the first row of this page in the whole list (aria-rowindex). */
  offset: number;
  total: number;
  busy: boolean;
  sort: SortSpec | null;
  onSort(sort: SortSpec | null): void;
  onOpen(row: ListRow): void;
  selectable: boolean;
  selected: Record<string, true>;
  onToggle(id: string): void;
  onToggleAll(on: boolean): void;
}

function nextSort(current: SortSpec | null, field: string): SortSpec | null {
  if (current?.field !== field) return { field, order: 'ASC' };
  return current.order === 'ASC' ? { field, order: 'DESC' } : null;
}

/**
 * A page of a list as a table: virtualized rows of fixed height inside a box sized from the page
 * size (not from the data), arrow keys move between rows, Enter opens one, Space ticks it.
 */
export function ListTable(p: ListTableProps) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  const visible = Math.min(p.pageSize, MAX_VISIBLE_ROWS);
  const bodyHeight = visible * ROW_HEIGHT;
  const scrollToIndex = useRef<(i: number) => void>(() => {});

  useEffect(() => {
    if (active >= p.rows.length) setActive(Math.max(0, p.rows.length - 1));
  }, [p.rows.length, active]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${active}"]`)?.focus();
  });

  function move(to: number) {
    const i = Math.max(0, Math.min(p.rows.length - 1, to));
    setActive(i);
    focusPending.current = true;
    scrollToIndex.current(i);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const row = p.rows[active];
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      Home: () => move(0),
      End: () => move(p.rows.length - 1),
      PageDown: () => move(active + visible),
      PageUp: () => move(active - visible),
      Enter: () => row && p.onOpen(row),
      ' ': () => row && p.selectable && p.onToggle(row.application_id),
    };
    const fn = keys[e.key];
    if (fn && (e.target as HTMLElement).tagName === 'TR') {
      e.preventDefault();
      fn();
    }
  }

  function body({ items, padTop, padBottom, scrollToIndex: scroll }: RowWindow) {
    scrollToIndex.current = scroll;
    return (
    <tbody onKeyDown={onKeyDown}>
      {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
      {items.map((vi) => {
        const row = p.rows[vi.index];
        const id = row.application_id;
        return (
          <tr
            key={id}
            data-index={vi.index}
            data-testid="list-row"
            aria-rowindex={p.offset + vi.index + 2}
            aria-selected={p.selectable ? !!p.selected[id] : undefined}
            tabIndex={vi.index === active ? 0 : -1}
            onFocus={() => setActive(vi.index)}
            onDoubleClick={() => p.onOpen(row)}
            className={vi.index === active ? 'll-row ll-row--active' : 'll-row'}
            style={{ height: ROW_HEIGHT }}
          >
            {p.selectable && (
              <td className="ll-list-check">
                <input type="checkbox" tabIndex={-1} aria-label={t('areas.applications.list.selectRow', { id }, 'Select {id}')} checked={!!p.selected[id]} onChange={() => p.onToggle(id)} />
              </td>
            )}
            {p.columns.map((c) => (
              <td key={c.key} title={formatCell(cellValue(row, c.key), c.type)}>
                {c.key === 'application_id' ? (
                  <a href={`/backstage/application?application_id=${encodeURIComponent(id)}`} tabIndex={-1} onClick={(e) => { e.preventDefault(); p.onOpen(row); }}>
                    {id}
                  </a>
                ) : (
                  formatCell(cellValue(row, c.key), c.type)
                )}
              </td>
            ))}
          </tr>
        );
      })}
      {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
    </tbody>
    );
  }
  const windowProps: RowWindowProps = { count: p.rows.length, rowHeight: ROW_HEIGHT, height: bodyHeight + ROW_HEIGHT, scrollRef, render: body };

  const ids = p.rows.map((r) => r.application_id);
  const allOn = ids.length > 0 && ids.every((id) => p.selected[id]);
  return (
    <div ref={scrollRef} className="ll-list-scroll" style={{ height: bodyHeight + ROW_HEIGHT + 2 }} aria-busy={p.busy}>
      <table className="ll-table ll-list-table" aria-rowcount={p.total + 1} data-testid="list-table">
        <caption className="ll-visually-hidden">{p.caption}</caption>
        <thead>
          <tr aria-rowindex={1} style={{ height: ROW_HEIGHT }}>
            {p.selectable && (
              <th scope="col" className="ll-list-check">
                <input type="checkbox" aria-label={t('areas.applications.list.selectAll', undefined, 'Select all rows on this page')} checked={allOn} onChange={(e) => p.onToggleAll(e.target.checked)} />
              </th>
            )}
            {p.columns.map((c) => {
              const sorted = p.sort?.field === c.key ? p.sort.order : null;
              return (
                <th key={c.key} scope="col" aria-sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : 'none'}>
                  {c.sortable !== true ? (
                    c.label
                  ) : (
                    <button type="button" className="ll-sort" onClick={() => p.onSort(nextSort(p.sort, c.key))}>
                      {c.label}
                      <span aria-hidden="true">{sorted === 'ASC' ? ' ▲' : sorted === 'DESC' ? ' ▼' : ''}</span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {p.rows.length > visible ? (
          <Suspense fallback={<AllRows {...windowProps} />}>
            <VirtualRows {...windowProps} />
          </Suspense>
        ) : (
          <AllRows {...windowProps} />
        )}
      </table>
    </div>
  );
}
