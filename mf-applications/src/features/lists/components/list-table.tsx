import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '@lendline/shared';
import type { TableColumn } from '../../../api/table-config';
import type { ListRow, SortSpec } from '../../../api/applications-query';
import { isNumericColumn } from '../../../lib/cell-text';
import { listCellText } from '../../../lib/sla-cell';
import { contentWidths, fitWidths, headerWidths, layoutWidths, type Widths } from '../../../lib/column-widths';
import { textMeasure } from '../../../lib/text-measure';
import { AllRows, type RowWindow, type RowWindowProps } from './row-window';
import { Highlight } from '../../../lib/highlight';

const VirtualRows = lazy(() => import(/* webpackChunkName: "virtual-rows" */ './virtual-rows'));
// The resize handles arrive when a pointer or keyboard focus first enters the header: nothing on the rows' first
// render depends on them (bundle budget).
const ColumnResizer = lazy(() => import(/* webpackChunkName: "column-resizer" */ './column-resizer'));
const SortMark = lazy(() => import(/* webpackChunkName: "sort-mark" */ './sort-mark'));
const CellTooltip = lazy(() => import(/* webpackChunkName: "cell-tip" */ './cell-tip-view'));


/** Fixed row height: rows never change size, so nothing below them moves while data arrives. */
export const ROW_HEIGHT = 40;
const MAX_VISIBLE_ROWS = 12;
/** The tick-box column. */
export const CHECK_WIDTH = 40;
/** The first data column (the application id) stays in view while the table scrolls sideways. */
const PINNED = 0;
/** The table's text size relative to the page's (lists.css: .ll-list-table font-size), for measuring before it exists. */
const TABLE_FONT_SCALE = 0.875;

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
  /** Widths the user set for this list (remembered per user and list). */
  widths?: Widths;
  onResize?(column: string, width: number | null): void;
  /** The list's search text: the fragment it matched is marked in each cell (issue 26). */
  highlight?: string | null;
}

function nextSort(current: SortSpec | null, field: string): SortSpec | null {
  if (current?.field !== field) return { field, order: 'ASC' };
  return current.order === 'ASC' ? { field, order: 'DESC' } : null;
}

/** Where keyboard focus is: a row (col -1) or one of its cells. */
interface Cursor {
  row: number;
  col: number;
}

/**
 * A page of a list as a table as wide as the page: columns sized to their content once per page (text metrics,
 * no DOM measuring per cell) and resizable, sticky header and first column, virtualized rows of fixed height.
 * Keyboard: Up/Down/Home/End/PageUp/PageDown move between rows, Right/Left into and across a row's cells (a cut
 * value then shows whole), Enter opens, Space ticks.
 */
export function ListTable(p: ListTableProps) {
  const t = useT();
  const tipId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const colRefs = useRef<Record<string, HTMLTableColElement | null>>({});
  const [cursor, setCursor] = useState<Cursor>({ row: 0, col: -1 });
  const focusPending = useRef(false);
  const visible = Math.min(p.pageSize, MAX_VISIBLE_ROWS);
  const bodyHeight = visible * ROW_HEIGHT;
  const scrollToIndex = useRef<(i: number) => void>(() => {});
  // The cell under the pointer or keyboard focus: the tip (its own chunk) shows its value whole if it is cut.
  const [tipCell, setTipCell] = useState<HTMLElement | null>(null);
  const hideTip = () => setTipCell(null);
  const [handles, setHandles] = useState(false);
  const wantHandles = handles || !p.onResize ? undefined : () => setHandles(true);
  const active = cursor.row;

  // Each cell's text once per page: the rows render from it and the widths are measured from it.
  const texts = useMemo(() => p.rows.map((row) => p.columns.map((c) => listCellText(row, c, t))), [p.rows, p.columns, t]);
  const numeric = useMemo(() => p.columns.map(isNumericColumn), [p.columns]);
  // While a page loads (no rows) the previous page's widths stay, so the columns do not jump.
  const lastContent = useRef<Widths | null>(null);
  const content = useMemo(() => {
    if (texts.length === 0 && lastContent.current) return lastContent.current;
    const measured = contentWidths(p.columns, texts, textMeasure(typeof document !== 'undefined' ? document.body : null, TABLE_FONT_SCALE));
    lastContent.current = measured;
    return measured;
  }, [p.columns, texts]);
  // The frame's width, so the columns fit it when they can (fitWidths); read again when the window resizes.
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFrame(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const headers = useMemo(() => headerWidths(p.columns, textMeasure(typeof document !== 'undefined' ? document.body : null, TABLE_FONT_SCALE)), [p.columns]);
  const widths = useMemo(
    () => fitWidths(p.columns, layoutWidths(p.columns, content, p.widths), frame, headers, p.widths, p.selectable ? CHECK_WIDTH : 0),
    [p.columns, content, p.widths, frame, headers, p.selectable],
  );
  const tableWidth = p.columns.reduce((n, c) => n + widths[c.key], p.selectable ? CHECK_WIDTH : 0);

  useEffect(() => {
    if (active >= p.rows.length) setCursor({ row: Math.max(0, p.rows.length - 1), col: -1 });
  }, [p.rows.length, active]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const tr = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${cursor.row}"]`);
    if (!tr) return;
    if (cursor.col < 0) return tr.focus();
    const td = tr.querySelector<HTMLElement>(`td[data-col="${cursor.col}"]`);
    if (!td) return tr.focus();
    td.tabIndex = -1;
    td.focus();
  });

  function move(row: number, col = cursor.col) {
    const i = Math.max(0, Math.min(p.rows.length - 1, row));
    setCursor({ row: i, col: Math.max(-1, Math.min(p.columns.length - 1, col)) });
    focusPending.current = true;
    scrollToIndex.current(i);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const target = e.target as HTMLElement;
    const onRow = target.tagName === 'TR';
    if (!onRow && !(target.tagName === 'TD' && target.dataset.col)) return;
    const row = p.rows[active];
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      ArrowRight: () => move(active, cursor.col + 1),
      ArrowLeft: () => move(active, cursor.col - 1),
      Home: () => move(0),
      End: () => move(p.rows.length - 1),
      PageDown: () => move(active + visible),
      PageUp: () => move(active - visible),
      Enter: () => row && p.onOpen(row),
      ' ': () => row && p.selectable && p.onToggle(row.application_id),
    };
    const fn = keys[e.key];
    if (fn) {
      e.preventDefault();
      fn();
    }
  }

  function onFocus(e: FocusEvent<HTMLTableSectionElement>) {
    const target = e.target as HTMLElement;
    const tr = target.closest('tr');
    const index = Number(tr?.dataset.index);
    if (!Number.isFinite(index)) return;
    const col = target.tagName === 'TD' && target.dataset.col ? Number(target.dataset.col) : -1;
    if (index !== cursor.row || col !== cursor.col) setCursor({ row: index, col });
    setTipCell(col >= 0 ? target : null);
  }
  function onBlur() {
    hideTip();
  }

  // Hover: the tip follows the pointer from cell to cell (one check per cell entered, not per row rendered).
  const hovered = useRef<Element | null>(null);
  function onPointerOver(e: PointerEvent<HTMLTableSectionElement>) {
    const td = (e.target as HTMLElement).closest('td');
    if (td === hovered.current) return;
    hovered.current = td;
    setTipCell(td?.dataset.col ? td : null);
  }
  function onPointerLeave() {
    hovered.current = null;
    hideTip();
  }

  function body({ items, padTop, padBottom, scrollToIndex: scroll }: RowWindow) {
    scrollToIndex.current = scroll;
    return (
      <tbody onKeyDown={onKeyDown} onFocus={onFocus} onBlur={onBlur} onPointerOver={onPointerOver} onPointerLeave={onPointerLeave}>
        {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
        {items.map((vi) => {
          const row = p.rows[vi.index];
          const cells = texts[vi.index];
          const id = row.application_id;
          return (
            <tr
              key={id}
              data-index={vi.index}
              data-testid="list-row"
              aria-rowindex={p.offset + vi.index + 2}
              aria-selected={p.selectable ? !!p.selected[id] : undefined}
              tabIndex={vi.index === active ? 0 : -1}
              onDoubleClick={() => p.onOpen(row)}
              className={vi.index === active ? 'll-row ll-row--active' : 'll-row'}
              style={{ height: ROW_HEIGHT }}
            >
              {p.selectable && (
                <td className="ll-list-check">
                  <input type="checkbox" tabIndex={-1} aria-label={t('areas.applications.list.selectRow', { id }, 'Select {id}')} checked={!!p.selected[id]} onChange={() => p.onToggle(id)} />
                </td>
              )}
              {p.columns.map((c, i) => (
                <td key={c.key} data-col={i} className={i === PINNED ? 'll-pin' : numeric[i] ? 'll-num' : undefined}>
                  {c.key === 'application_id' ? (
                    <a href={`/backstage/application?application_id=${encodeURIComponent(id)}`} tabIndex={-1} onClick={(e) => { e.preventDefault(); p.onOpen(row); }}>
                      <Highlight text={id} query={p.highlight} />
                    </a>
                  ) : (
                    <Highlight text={cells[i]} query={p.highlight} />
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

  /** A drag shows the new width at once, straight on the <col> and the table, and is kept on release. */
  function preview(key: string, width: number) {
    const col = colRefs.current[key];
    if (col) col.style.width = `${width}px`;
    if (tableRef.current) tableRef.current.style.width = `max(100%, ${tableWidth - widths[key] + width}px)`;
  }

  const ids = p.rows.map((r) => r.application_id);
  const allOn = ids.length > 0 && ids.every((id) => p.selected[id]);
  const tableStyle = { width: `max(100%, ${tableWidth}px)`, '--ll-pin-left': `${p.selectable ? CHECK_WIDTH : 0}px` } as CSSProperties;
  return (
    <div className="ll-list-frame">
      <div ref={scrollRef} className="ll-list-scroll" style={{ height: bodyHeight + ROW_HEIGHT + 2 }} aria-busy={p.busy} onScroll={tipCell ? hideTip : undefined}>
        <table ref={tableRef} className="ll-table ll-list-table" aria-rowcount={p.total + 1} data-testid="list-table" style={tableStyle}>
          <caption className="ll-visually-hidden">{p.caption}</caption>
          <colgroup>
            {p.selectable && <col style={{ width: CHECK_WIDTH }} />}
            {p.columns.map((c) => (
              <col key={c.key} ref={(el) => { colRefs.current[c.key] = el; }} style={{ width: widths[c.key] }} />
            ))}
          </colgroup>
          <thead onPointerEnter={wantHandles} onFocus={wantHandles}>
            <tr aria-rowindex={1} style={{ height: ROW_HEIGHT }}>
              {p.selectable && (
                <th scope="col" className="ll-list-check">
                  <input type="checkbox" aria-label={t('areas.applications.list.selectAll', undefined, 'Select all rows on this page')} checked={allOn} onChange={(e) => p.onToggleAll(e.target.checked)} />
                </th>
              )}
              {p.columns.map((c, i) => {
                const sorted = p.sort?.field === c.key ? p.sort.order : null;
                return (
                  <th key={c.key} scope="col" className={i === PINNED ? 'll-pin' : numeric[i] ? 'll-num' : undefined} aria-sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : 'none'}>
                    {c.sortable !== true ? (
                      <span className="ll-th-label">{c.label}</span>
                    ) : (
                      <button type="button" className="ll-sort" onClick={() => p.onSort(nextSort(p.sort, c.key))}>
                        {c.label}
                        {sorted && (
                          <Suspense fallback={null}>
                            <SortMark order={sorted} />
                          </Suspense>
                        )}
                      </button>
                    )}
                    {handles && p.onResize && (
                      <Suspense fallback={null}>
                        <ColumnResizer
                          columnKey={c.key}
                          label={c.label}
                          width={widths[c.key]}
                          content={content[c.key]}
                          onPreview={(w) => preview(c.key, w)}
                          onCommit={(w) => p.onResize?.(c.key, w)}
                        />
                      </Suspense>
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
      {tipCell && (
        <Suspense fallback={null}>
          <CellTooltip id={tipId} cell={tipCell} />
        </Suspense>
      )}
    </div>
  );
}
