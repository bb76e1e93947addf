/**
 * The product's own type (served by the shell with @font-face, see shell/src/chrome/fonts.ts): Noto Sans for Latin,
 * Noto Sans Devanagari for Hindi. Both come first in every font stack, so Hindi never renders as boxes on a
 * machine without a Devanagari font. A tenant's font names (§3 style theme) follow them as fallbacks only: the
 * CSP (font-src 'self') lets the page load no font the product does not serve itself.
 */
export const PRODUCT_FONT_LATIN = 'Noto Sans';
export const PRODUCT_FONT_DEVANAGARI = 'Noto Sans Devanagari';
const GENERIC = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', 'sans-serif'];
const GENERIC_NAMES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-sans-serif', 'ui-serif']);

const unquote = (name: string) => name.trim().replace(/^['"]|['"]$/g, '').trim();

/** The font stack: the product's faces, then the tenant's named fonts (if any), then the system's. */
export function fontStack(tenantFamily?: string): string {
  const ours = [PRODUCT_FONT_LATIN, PRODUCT_FONT_DEVANAGARI];
  const tenant = (tenantFamily ?? '')
    .split(',')
    .map(unquote)
    .filter((n) => n && !GENERIC_NAMES.has(n.toLowerCase()) && !ours.includes(n));
  const names = [...new Set([...ours, ...tenant])];
  const generic = GENERIC.filter((g) => !names.includes(unquote(g)));
  return [...names.map((n) => `"${n}"`), ...generic].join(', ');
}
