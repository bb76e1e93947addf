import { estimateText, type MeasureText } from './column-widths';

type Ctx = OffscreenCanvasRenderingContext2D;
let ctx: Ctx | null | undefined;

/**
 * Text metrics from an offscreen canvas in the font of `el` scaled by `scale` (read once per call of this function,
 * i.e. once per page of a list), so column widths cost no DOM layout per cell. Falls back to an estimate without a
 * canvas.
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
  const s = getComputedStyle(el);
  const font = `${parseFloat(s.fontSize) * scale}px ${s.fontFamily}`;
  const c = ctx;
  let current = '';
  // Setting a canvas font parses it: only when switching between header (bold) and cell text.
  return (text, bold) => {
    const want = bold ? `600 ${font}` : font;
    if (want !== current) c.font = current = want;
    return c.measureText(text).width;
  };
}
