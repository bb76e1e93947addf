import { useMemo, useRef, type KeyboardEvent } from 'react';
import { addStyleOnce, useT } from '@lendline/shared';
import type { TableColumn } from '../../../api/table-config';
import { cellValue, type ListRow } from '../../../api/applications-query';
import { formatCell, isNumericColumn } from '../../../lib/cell-text';
import { listCellText } from '../../../lib/sla-cell';
import css from '../list-grid.css';

// This module is its own chunk (the grid view is chosen by few): it brings its styles with it.
addStyleOnce('ll-list-grid-styles', css);

/** A card's height is fixed for the same reason table rows are: nothing moves when data lands. */
export const CARD_HEIGHT = 236;
/** Fields a card shows under its id and applicant (the first of the table config's other columns). */
const CARD_FIELDS = 6;

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

/** How many cards one line of the grid holds right now (it reflows with the width): read on a key press only. */
function cardsPerLine(buttons: HTMLElement[]): number {
  const top = buttons[0]?.getBoundingClientRect().top;
  const n = buttons.findIndex((b) => b.getBoundingClientRect().top !== top);
  return n < 0 ? buttons.length : n;
}

/**
 * The grid view (§9 grid page sizes): a responsive grid of cards — as many per line as the width holds, one on a
 * phone — each with the application id (opens it) and the applicant in full, then the list's next columns with
 * their whole values. Arrow keys move between cards in two dimensions, Home/End to the first/last.
 */
export default function ListGrid(p: ListGridProps) {
  const t = useT();
  const ref = useRef<HTMLUListElement>(null);
  const applicant = p.columns.find((c) => c.key === 'applicant_name');
  const shown = useMemo(() => p.columns.filter((c) => c.key !== 'application_id' && c.key !== 'applicant_name').slice(0, CARD_FIELDS), [p.columns]);

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button.ll-card-open') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const line = e.key === 'ArrowDown' || e.key === 'ArrowUp' ? cardsPerLine(buttons) : 1;
    const to: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + line, ArrowUp: i - line, Home: 0, End: buttons.length - 1 };
    if (e.key in to) {
      e.preventDefault();
      buttons[Math.max(0, Math.min(buttons.length - 1, to[e.key]))]?.focus();
    }
  }

  return (
    <ul ref={ref} className="ll-list-grid" aria-label={p.label} aria-busy={p.busy} onKeyDown={onKeyDown} data-testid="list-grid" style={{ minHeight: CARD_HEIGHT }}>
      {p.rows.map((row) => {
        const id = row.application_id;
        return (
          <li key={id} className="ll-list-card" style={{ minHeight: CARD_HEIGHT }} data-testid="list-card">
            <div className="ll-card-head">
              <button type="button" className="ll-card-open ll-button--secondary" onClick={() => p.onOpen(row)}>
                {id}
              </button>
              {p.selectable && (
                <label className="ll-card-check">
                  <input type="checkbox" checked={!!p.selected[id]} onChange={() => p.onToggle(id)} />
                  <span className="ll-visually-hidden">{t('areas.applications.list.selectRow', { id }, 'Select {id}')}</span>
                </label>
              )}
            </div>
            {applicant && <p className="ll-card-applicant">{formatCell(cellValue(row, applicant.key), applicant.type)}</p>}
            <dl>
              {shown.map((c) => (
                <div key={c.key}>
                  <dt>{c.label}</dt>
                  <dd className={isNumericColumn(c) ? 'll-num' : undefined}>{listCellText(row, c, t) || '—'}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
