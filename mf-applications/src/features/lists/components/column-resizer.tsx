import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { addStyleOnce, useT } from '@lendline/shared';
import { clampWidth, MAX_WIDTH, minWidth } from '../../../lib/column-widths';
import css from '../column-resizer.css';

// Its own chunk, loaded when a pointer or focus first enters a header; it brings its style.
addStyleOnce('ll-col-resize-styles', css);

/** Keyboard resize steps: arrow, Shift+arrow. */
export const STEP = 16;
export const BIG_STEP = 64;

/** The width a keyboard resize gives: arrows step, Shift steps more, Home returns to automatic (null). */
export function keyboardWidth(key: string, content: number, current: number, keyName: string, shift: boolean): number | null | undefined {
  const step = shift ? BIG_STEP : STEP;
  if (keyName === 'ArrowRight') return clampWidth(key, content, current + step);
  if (keyName === 'ArrowLeft') return clampWidth(key, content, current - step);
  if (keyName === 'Home') return null;
  return undefined;
}

export interface ColumnResizerProps {
  columnKey: string;
  label: string;
  width: number;
  /** The column's content width (the floor of the uncut columns). */
  content: number;
  /** While dragging: the width to show now, applied to the DOM without a React render per pointer move. */
  onPreview(width: number): void;
  /** A width to keep (null: back to the automatic width). */
  onCommit(width: number | null): void;
}

/**
 * The WAI-ARIA window-splitter pattern at a header's right edge: drag it, or focus it and use the arrow
 * keys (Shift for bigger steps); Home or a double click returns the column to its automatic width.
 */
export default function ColumnResizer(p: ColumnResizerProps) {
  const t = useT();
  const drag = useRef<{ x: number; start: number; last: number } | null>(null);

  function onPointerDown(e: PointerEvent<HTMLSpanElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, start: p.width, last: p.width };
  }
  function onPointerMove(e: PointerEvent<HTMLSpanElement>) {
    const d = drag.current;
    if (!d) return;
    d.last = clampWidth(p.columnKey, p.content, d.start + e.clientX - d.x);
    p.onPreview(d.last);
  }
  function onPointerUp(e: PointerEvent<HTMLSpanElement>) {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    if (d.last !== d.start) p.onCommit(d.last);
  }
  function onKeyDown(e: KeyboardEvent<HTMLSpanElement>) {
    const next = keyboardWidth(p.columnKey, p.content, p.width, e.key, e.shiftKey);
    if (next === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    p.onCommit(next);
  }

  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={t('areas.applications.list.resizeColumn', { column: p.label }, 'Resize column {column}')}
      aria-valuenow={p.width}
      aria-valuemin={minWidth(p.columnKey, p.content)}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      className="ll-col-resize"
      data-testid={`resize-${p.columnKey}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => p.onCommit(null)}
      onClick={(e) => e.stopPropagation()}
    />
  );
}
