import { useRef, type KeyboardEvent } from 'react';
import { useT } from '@lendline/shared';
import type { TableColumn } from '../../../api/table-config';
import { cellValue, type ListRow } from '../../../api/applications-query';
import { formatCell } from '../../../lib/format-cell';

const COLUMNS = 3;
/** Card height is fixed for the same reason table rows are: nothing moves when data lands. */
export const CARD_HEIGHT = 148;

export interface ListGridProps {
  label: string;
  columns: TableColumn[];
  rows: ListRow[];
  pageSize: number;
  busy: boolean;
  onOpen(row: ListRow): void;
  selectable: boolean;
  selected: Record<string, true>;
  onToggle(id: string): void;
}

/** The grid view (§9 grid page sizes): one card per application, arrow keys move in two dimensions. */
export function ListGrid(p: ListGridProps) {
  const t = useT();
  const ref = useRef<HTMLUListElement>(null);
  const shown = p.columns.filter((c) => c.key !== 'application_id').slice(0, 4);
  const rowsOfCards = Math.ceil(Math.min(p.pageSize, 9) / COLUMNS);

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button.ll-card-open') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const delta: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (e.key in delta) {
      e.preventDefault();
      buttons[Math.max(0, Math.min(buttons.length - 1, i + delta[e.key]))]?.focus();
    }
  }

  return (
    <ul ref={ref} className="ll-list-grid" aria-label={p.label} aria-busy={p.busy} onKeyDown={onKeyDown} data-testid="list-grid" style={{ minHeight: rowsOfCards * (CARD_HEIGHT + 12) }}>
      {p.rows.map((row) => (
        <li key={row.application_id} className="ll-list-card" style={{ height: CARD_HEIGHT }} data-testid="list-card">
          <button type="button" className="ll-card-open ll-button--secondary" onClick={() => p.onOpen(row)}>
            {row.application_id}
          </button>
          {p.selectable && (
            <label className="ll-card-check">
              <input type="checkbox" checked={!!p.selected[row.application_id]} onChange={() => p.onToggle(row.application_id)} />
              <span className="ll-visually-hidden">{t('areas.applications.list.selectRow', { id: row.application_id }, 'Select {id}')}</span>
            </label>
          )}
          <dl>
            {shown.map((c) => (
              <div key={c.key}>
                <dt>{c.label}</dt>
                <dd>{formatCell(cellValue(row, c.key), c.type)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
