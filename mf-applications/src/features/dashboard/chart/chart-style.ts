/**
 * The charts' drawing constants. Every SVG is drawn at one user unit per CSS pixel (its viewBox is its measured
 * width), so these sizes are the sizes a person sees: no text under 12 px, whatever the card's width.
 */
export const FONT = 12;
export const TITLE_FONT = 13;
export const COLOURS = ['var(--ll-primary, #1d4ed8)', '#b45309', '#047857', '#7e22ce'];
export const GRID = 'var(--ll-border, #d6dbe1)';
export const INK = 'currentColor';
/** A chart is never drawn narrower than this: below it the card scrolls rather than shrinking the text. */
export const MIN_WIDTH = 300;
export const DEFAULT_WIDTH = 480;

/** A label cut to fit `px` at the chart's font (about 0.6 em a character), with an ellipsis when cut. */
export function fitLabel(text: string, px: number, font = FONT): string {
  const max = Math.max(3, Math.floor(px / (font * 0.6)));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
