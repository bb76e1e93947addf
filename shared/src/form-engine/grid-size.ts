/**
 * Grid sizes of displayConfigs (§3): a percentage, content-fitting or auto. Both renderers turn them into the
 * same CSS so a field is as wide in the backstage as in the portal.
 */
import type { GridSize } from './types';

/** 50 or "50%" → "50%", "fit-content"/"content" → "fit-content", anything else (absent, "auto") → "auto". */
export function gridSizeToCss(size: GridSize | string | undefined | null): string {
  if (typeof size === 'number' && Number.isFinite(size)) return `${clampPercent(size)}%`;
  if (typeof size !== 'string') return 'auto';
  const s = size.trim().toLowerCase();
  const pct = /^(\d+(?:\.\d+)?)\s*%?$/.exec(s);
  if (pct) return `${clampPercent(Number(pct[1]))}%`;
  if (s === 'fit-content' || s === 'content' || s === 'fit') return 'fit-content';
  return 'auto';
}

function clampPercent(n: number): number {
  return Math.min(100, Math.max(0, n));
}
