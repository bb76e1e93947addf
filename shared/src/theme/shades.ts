import { SHADE_LEVELS } from '../constants';
import type { ThemeColours } from '../types';
import { contrastText, mix, parseHex, toHex, type Rgb } from './colour';
import { fontStack } from './fonts';

export type ShadeLevel = (typeof SHADE_LEVELS)[number];
export type Shades = Record<ShadeLevel, string>;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** 500 is the colour itself; lighter levels mix towards white, darker towards black. */
const MIX: Record<ShadeLevel, [Rgb, number]> = {
  100: [WHITE, 0.8],
  200: [WHITE, 0.6],
  300: [WHITE, 0.35],
  500: [WHITE, 0],
  700: [BLACK, 0.25],
  900: [BLACK, 0.5],
};

/** Shades 100, 200, 300, 500, 700, 900 of one colour (§3, §9). Returns null for an unreadable colour. */
export function generateShades(colour: string): Shades | null {
  const rgb = parseHex(colour);
  if (!rgb) return null;
  const out = {} as Shades;
  for (const level of SHADE_LEVELS) {
    const [towards, w] = MIX[level];
    out[level] = toHex(mix(rgb, towards, w));
  }
  return out;
}

/** The four theme colours of §3 and the CSS variable family each one feeds. */
export const THEME_COLOUR_VARS = {
  primaryColor: 'primary',
  secondaryColor: 'secondary',
  backgroundColor: 'background',
  surfaceColor: 'surface',
} as const;

export type ThemeInput = Partial<Omit<ThemeColours, 'typography'>> & { typography?: Partial<ThemeColours['typography']>; fontFamily?: string };

/**
 * CSS variables for a tenant theme, the names every remote styles with:
 * --ll-{primary,secondary,background,surface}[-{100..900}], --ll-{…}-contrast,
 * --ll-text-{primary,secondary,background,surface,disable,error,success} and --ll-font-family.
 * Colours that are missing or unreadable are left out so the base stylesheet's value stays.
 */
export function themeToCssVars(theme: ThemeInput): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [field, name] of Object.entries(THEME_COLOUR_VARS)) {
    const value = theme[field as keyof typeof THEME_COLOUR_VARS];
    const shades = typeof value === 'string' ? generateShades(value) : null;
    if (!shades) continue;
    vars[`--ll-${name}`] = shades[500];
    for (const level of SHADE_LEVELS) vars[`--ll-${name}-${level}`] = shades[level];
    vars[`--ll-${name}-contrast`] = contrastText(parseHex(shades[500])!);
  }
  for (const [variant, colour] of Object.entries(theme.typography ?? {})) {
    if (typeof colour === 'string' && parseHex(colour)) vars[`--ll-text-${variant}`] = toHex(parseHex(colour)!);
  }
  // The product's own fonts lead every stack (./fonts); a tenant's font names follow as fallbacks.
  if (theme.fontFamily && /^[\w\s,'"-]+$/.test(theme.fontFamily)) vars['--ll-font-family'] = fontStack(theme.fontFamily);
  return vars;
}
