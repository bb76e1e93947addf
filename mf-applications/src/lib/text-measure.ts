import { estimateText, type MeasureText } from './column-widths';

type Ctx = OffscreenCanvasRenderingContext2D;
let ctx: Ctx | null | undefined;

/**
 * Text metrics from an offscreen canvas in the font of `el` scaled by `scale`, so column widths cost no DOM layout
 * per cell. Falls back to an estimate without a canvas.
 */
export function textMeasure(el: Element | null, scale = 1): MeasureText {
  if (ctx === undefined) {
    try {
      ctx = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
    } catch {
      ctx = null;
    }
  }
  if (!ctx || !el || typeof getComputedStyle !== 'function') return estimateText;
  // Read per page, not cached: a tenant theme may change the font after the first list was drawn.
  const s = getComputedStyle(el);
  const font = `${(parseFloat(s.fontSize) || 16) * scale}px ${s.fontFamily || 'sans-serif'}`;
  const c = ctx;
  let current = '';
  // Setting a canvas font parses it: only when switching between header (bold) and cell text.
  return (text, bold) => {
    const want = bold ? `600 ${font}` : font;
    if (want !== current) c.font = current = want;
    return c.measureText(text).width;
  };
}
