import { addStyleOnce } from '@lendline/shared';
import { useLayoutEffect } from 'react';
import css from '../cell-tip.css';

// Its own chunk, loaded with the first cell a user points at or focuses; it brings its style.
addStyleOnce('ll-cell-tip-styles', css);

export interface CellTip {
  text: string;
  top: number;
  minWidth: number;
  /** Anchored at the cell's left edge, or at its right edge for a cell in the right half of the screen. */
  left?: number;
  right?: number;
}

/** Only a cell whose text is cut gets a tip: measured for the one cell under the pointer or focus, on demand. */
export function tipFor(cell: HTMLElement): CellTip | null {
  if (cell.scrollWidth <= cell.clientWidth) return null;
  const text = cell.textContent ?? '';
  if (!text) return null;
  const r = cell.getBoundingClientRect();
  const viewport = document.documentElement.clientWidth || window.innerWidth;
  const side = r.left + r.width / 2 > viewport / 2 ? { right: Math.max(0, viewport - r.right) } : { left: Math.max(0, r.left) };
  return { text, top: r.top, minWidth: r.width, ...side };
}

/**
 * One floating tip per table showing a cut value whole, over the cell, for hover and keyboard focus alike; a
 * focused cell is described by it. It lives outside the scroll box (whose paint containment would clip it) and is
 * fixed to the viewport.
 */
export default function CellTooltip({ id, cell }: { id: string; cell: HTMLElement }) {
  const tip = tipFor(cell);
  const cut = !!tip;
  useLayoutEffect(() => {
    if (!cut || cell !== document.activeElement) return;
    cell.setAttribute('aria-describedby', id);
    return () => cell.removeAttribute('aria-describedby');
  }, [cell, id, cut]);
  if (!tip) return null;
  return (
    <div id={id} role="tooltip" className="ll-cell-tip" data-testid="cell-tip" style={{ left: tip.left, right: tip.right, top: tip.top, minWidth: tip.minWidth }}>
      {tip.text}
    </div>
  );
}
