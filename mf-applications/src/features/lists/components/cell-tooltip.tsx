import { useCallback, useState } from 'react';

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
 * One floating tip per table showing a cut value whole, over the cell, for hover and keyboard focus alike.
 * It lives outside the scroll box (whose paint containment would clip it) and is fixed to the viewport.
 */
export function useCellTip() {
  const [tip, setTip] = useState<CellTip | null>(null);
  const show = useCallback((cell: HTMLElement | null) => setTip(cell ? tipFor(cell) : null), []);
  const hide = useCallback(() => setTip(null), []);
  return { tip, show, hide };
}

export function CellTooltip({ id, tip }: { id: string; tip: CellTip | null }) {
  if (!tip) return null;
  return (
    <div id={id} role="tooltip" className="ll-cell-tip" data-testid="cell-tip" style={{ left: tip.left, right: tip.right, top: tip.top, minWidth: tip.minWidth }}>
      {tip.text}
    </div>
  );
}
