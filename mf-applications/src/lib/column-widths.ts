/**
 * Column widths of a list table, computed once per page from the cell texts (never by measuring the
 * DOM per cell): the widest text of a column plus the cell's padding, within bounds. Two columns are
 * never cut — the application id and the applicant — so no bound and no remembered width may make
 * them narrower than their content. The others are capped, and show their whole value on hover/focus.
 */

/** Text → rendered width in px (canvas metrics in the browser, an estimate in tests). */
export type MeasureText = (text: string, bold?: boolean) => number;

export interface WidthColumn {
  key: string;
  label: string;
  sortable?: boolean;
}

/** Horizontal padding of a cell (.5rem each side), its border and a pixel of rounding. */
export const CELL_PADDING = 18;
/** The sort mark (an arrow icon, 1em and a quarter em of margin) after a sortable header's label. */
export const SORT_MARK = 16;
/** The resize handle at a header's right edge. */
export const HANDLE = 10;
export const MIN_WIDTH = 56;
/** Widest a column grows on its own; wider values show whole on hover/focus. */
export const MAX_AUTO_WIDTH = 320;
/** Widest a user may drag a column. */
export const MAX_WIDTH = 1200;

export const NEVER_TRUNCATED = new Set(['application_id', 'applicant_name']);

export type Widths = Record<string, number>;

/**
 * The content width of each column: header (bold, with its sort mark and handle) or widest cell.
 * `texts[r][c]` is the formatted text of row r, column c. Equal texts are measured once.
 */
export function contentWidths(columns: WidthColumn[], texts: string[][], measure: MeasureText): Widths {
  const seen = new Map<string, number>();
  const width = (text: string) => {
    let w = seen.get(text);
    if (w === undefined) {
      w = measure(text);
      seen.set(text, w);
    }
    return w;
  };
  const out: Widths = {};
  columns.forEach((c, i) => {
    let widest = measure(c.label, true) + (c.sortable ? SORT_MARK : 0) + HANDLE;
    for (const row of texts) {
      const text = row[i];
      if (text) widest = Math.max(widest, width(text));
    }
    out[c.key] = Math.ceil(widest + CELL_PADDING);
  });
  return out;
}

/** The width a column gets on its own: its content, capped unless it must never be cut. */
export function autoWidth(key: string, content: number): number {
  const w = Math.max(MIN_WIDTH, content);
  return NEVER_TRUNCATED.has(key) ? w : Math.min(w, MAX_AUTO_WIDTH);
}

/** The smallest width a user may give a column (the uncut columns keep their content's width). */
export const minWidth = (key: string, content: number) => (NEVER_TRUNCATED.has(key) ? Math.max(MIN_WIDTH, content) : MIN_WIDTH);

export const clampWidth = (key: string, content: number, w: number) => Math.round(Math.min(MAX_WIDTH, Math.max(minWidth(key, content), w)));

/** The widths in force: the user's remembered ones where set (kept within bounds), else the automatic ones. */
export function layoutWidths(columns: WidthColumn[], content: Widths, saved: Widths | undefined): Widths {
  const out: Widths = {};
  for (const c of columns) {
    const own = content[c.key] ?? MIN_WIDTH;
    const s = saved?.[c.key];
    out[c.key] = typeof s === 'number' && Number.isFinite(s) ? clampWidth(c.key, own, s) : autoWidth(c.key, own);
  }
  return out;
}

/** Rough metrics where no canvas exists (tests, old engines): 0.6 em per character at 16 px. */
export const estimateText: MeasureText = (text, bold) => text.length * (bold ? 10 : 9.6);

/** Each column's header width (bold label, sort mark, handle, padding): the least a column shrinks to when fitting. */
export function headerWidths(columns: WidthColumn[], measure: MeasureText): Widths {
  const out: Widths = {};
  for (const c of columns) out[c.key] = Math.ceil(measure(c.label, true) + (c.sortable ? SORT_MARK : 0) + HANDLE + CELL_PADDING);
  return out;
}

/**
 * Widths that fit the frame when they can (issue 26: at 1280-1400 px no column is off to the right). When the columns
 * are wider than `frame`, the ones that may be cut and that the user has not sized themself give up width in
 * proportion to what they have above their header's width (their values show whole on hover/focus, as any cut value);
 * the id, the applicant and the user's own widths stay. If even that is not enough the frame scrolls, as before.
 */
export function fitWidths(columns: WidthColumn[], widths: Widths, frame: number, headers: Widths, saved: Widths | undefined, extra = 0): Widths {
  const total = columns.reduce((n, c) => n + widths[c.key], extra);
  if (!(frame > 0) || total <= frame) return widths;
  const floor = (key: string) => Math.min(widths[key], Math.max(MIN_WIDTH, headers[key] ?? MIN_WIDTH));
  const flexible = columns.filter((c) => !NEVER_TRUNCATED.has(c.key) && typeof saved?.[c.key] !== 'number');
  const slack = flexible.reduce((n, c) => n + (widths[c.key] - floor(c.key)), 0);
  if (slack <= 0) return widths;
  const ratio = Math.min(1, (total - frame) / slack);
  const out: Widths = { ...widths };
  for (const c of flexible) out[c.key] = Math.floor(widths[c.key] - (widths[c.key] - floor(c.key)) * ratio);
  return out;
}
