/** Small colour maths for theme shades: hex parsing, mixing and a readable contrast colour. */
export type Rgb = [number, number, number];

export function parseHex(input: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].split('').map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');
}

/** Mixes `a` towards `b` by `weight` (0 = a, 1 = b). */
export function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * weight) as Rgb;
}

/** WCAG relative luminance, to pick black or white text over a colour. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastText(rgb: Rgb): string {
  // Contrast with white vs with near-black text (#1b1f24, L≈0.014); choose the larger ratio.
  const l = luminance(rgb);
  return (1.05) / (l + 0.05) >= (l + 0.05) / 0.064 ? '#ffffff' : '#1b1f24';
}
