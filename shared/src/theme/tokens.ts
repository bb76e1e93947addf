/**
 * The product's design tokens: one type scale, one spacing scale, radii, elevation and the control sizes, as CSS
 * custom properties (--ll-…) every stylesheet of the shell, the kit and the remotes reads. The tenant's colours and
 * their §9 shade levels (100…900) are the other half of the tokens; they are set on :root by the shell from the
 * tenant theme (./shades themeToCssVars), so this file only names the roles built on them (border, muted text,
 * focus ring, danger, success) with fallbacks, and never hard-codes a tenant colour.
 * A new screen takes its sizes from here (var(--ll-space-4), var(--ll-text-lg)…) and its colours from the theme
 * variables: a value written in px or a hex colour in an area's stylesheet is a step away from the one look.
 */

/** Type scale (rem, on the browser's 16 px). `base` is body text; staff tables use `sm`; chart labels never go below `sm` (12 px is `xs`). */
export const TYPE_SCALE = {
  xs: '0.75rem',
  sm: '0.875rem',
  base: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  '2xl': '1.75rem',
} as const;

/** Spacing scale: multiples of 4 px. */
export const SPACE = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.25rem',
  6: '1.5rem',
  8: '2rem',
  10: '2.5rem',
} as const;

export const RADIUS = { sm: '4px', md: '6px', lg: '10px', xl: '14px', pill: '999px' } as const;

/** Elevation: 1 rests on the page (cards), 2 floats (menus, popovers), 3 is modal (dialogs). */
export const ELEVATION = {
  0: 'none',
  1: '0 1px 2px rgba(16,24,40,.06), 0 1px 3px rgba(16,24,40,.10)',
  2: '0 4px 8px -2px rgba(16,24,40,.10), 0 2px 4px -2px rgba(16,24,40,.06)',
  3: '0 12px 24px -4px rgba(16,24,40,.18), 0 4px 8px -4px rgba(16,24,40,.08)',
} as const;

/**
 * The one size system of controls (buttons, inputs, selects, table rows): a height and a horizontal padding per
 * size. `regular` is every form; `compact` is staff lists (class ll-density-compact on a container); `touch` is the
 * applicant's portal, where every control is at least 44 px (touch target size).
 */
export const CONTROL_SIZES = {
  compact: { height: '2rem', padX: '0.625rem', font: TYPE_SCALE.sm, rowPadY: '0.3rem' },
  regular: { height: '2.5rem', padX: '0.875rem', font: TYPE_SCALE.base, rowPadY: '0.55rem' },
  touch: { height: '2.75rem', padX: '1rem', font: TYPE_SCALE.base, rowPadY: '0.65rem' },
} as const;

export type ControlSize = keyof typeof CONTROL_SIZES;

const decl = (prefix: string, scale: Record<string | number, string>) =>
  Object.entries(scale)
    .map(([k, v]) => `--ll-${prefix}-${k}: ${v};`)
    .join(' ');

const size = (name: ControlSize) => {
  const s = CONTROL_SIZES[name];
  return `--ll-control-height: ${s.height}; --ll-control-pad-x: ${s.padX}; --ll-control-font: ${s.font}; --ll-row-pad-y: ${s.rowPadY};`;
};

/**
 * The tokens as one stylesheet: the scales on :root, the regular control size on :root, and the density classes
 * that switch it for a part of the page (the variables inherit, so a list wrapped in ll-density-compact gets
 * compact buttons, inputs and rows). The role colours sit on the tenant's variables with the product's defaults as
 * fallbacks, so a page before (or without) a theme still reads. Existing names (--ll-border, --ll-muted…) keep
 * their meaning: the shell's base sheet still defines them; these are the same values for a remote on its own page.
 * The weights are the two the product's fonts have (Noto Sans and Noto Sans Devanagari, 400 and 700): a 500 or 600
 * was drawn with the 400 or 700 face anyway, but each weight asked for costs the browser its own font look-ups in the
 * first layout of every page (~4 ms of the login page's layout on a 2-core machine; docs/ARCHITECTURE.md, "Styles in
 * the page"). Medium stays a name of its own so a theme with a font that has one can set it.
 */
export const TOKENS_CSS = `
:root { ${decl('text', TYPE_SCALE)} ${decl('space', SPACE)} ${decl('radius', RADIUS)} ${decl('elevation', ELEVATION)}
  --ll-leading: 1.5; --ll-leading-tight: 1.25; --ll-weight-regular: 400; --ll-weight-medium: 400; --ll-weight-bold: 700;
  --ll-focus-outline: 3px solid var(--ll-secondary-500, #00838f);
  --ll-color-border: var(--ll-border, color-mix(in srgb, var(--ll-text-surface, #1b1f24) 16%, var(--ll-surface, #fff)));
  --ll-color-border-strong: var(--ll-surface-700, #6b7280);
  --ll-color-muted: var(--ll-muted, #59616b);
  --ll-color-danger: var(--ll-text-error, #b3261e);
  --ll-color-success: var(--ll-text-success, #2e7d32);
  --ll-color-subtle: color-mix(in srgb, var(--ll-primary-100, #e0e7ff) 45%, var(--ll-surface, #fff));
  ${size('regular')} }
.ll-density-regular { ${size('regular')} }
.ll-density-compact { ${size('compact')} }
.ll-density-touch { ${size('touch')} }
`;
