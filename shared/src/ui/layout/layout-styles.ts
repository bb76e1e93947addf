/**
 * The layout pieces' look, on the design tokens (../../theme/tokens.ts) and the tenant's colour variables. Part of
 * the kit's one sheet (KIT_CSS), so a remote on its own dev page gets it as well as one inside the shell.
 */
export const LAYOUT_CSS = `
.ll-page-header { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: var(--ll-space-3) var(--ll-space-6); margin: 0 0 var(--ll-space-5); }
.ll-page-header__text { flex: 1 1 20rem; min-width: 0; }
.ll-page-header__title { margin: 0; font-size: var(--ll-text-2xl); line-height: var(--ll-leading-tight); font-weight: var(--ll-weight-bold); color: var(--ll-text-background, #1b1f24); overflow-wrap: anywhere; }
h2.ll-page-header__title { font-size: var(--ll-text-xl); }
.ll-page-header__context { margin: var(--ll-space-1) 0 0; color: var(--ll-color-muted); font-size: var(--ll-text-sm); }
.ll-page-header__actions { display: flex; flex-wrap: wrap; gap: var(--ll-space-2); align-items: center; }
.ll-section-card { background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1f24); border: 1px solid var(--ll-color-border); border-radius: var(--ll-radius-lg); box-shadow: var(--ll-elevation-1); margin: 0 0 var(--ll-space-5); min-width: 0; }
.ll-section-card__head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--ll-space-2) var(--ll-space-4); padding: var(--ll-space-4) var(--ll-space-5) 0; }
.ll-section-card__titles { min-width: 0; flex: 1 1 12rem; }
.ll-section-card__title { margin: 0; font-size: var(--ll-text-lg); line-height: var(--ll-leading-tight); font-weight: var(--ll-weight-bold); }
h3.ll-section-card__title, h4.ll-section-card__title { font-size: var(--ll-text-base); }
.ll-section-card__description { margin: var(--ll-space-1) 0 0; color: var(--ll-color-muted); font-size: var(--ll-text-sm); }
.ll-section-card__actions { display: flex; flex-wrap: wrap; gap: var(--ll-space-2); }
.ll-section-card__body { padding: var(--ll-space-4) var(--ll-space-5) var(--ll-space-5); min-width: 0; }
.ll-section-card--flush .ll-section-card__body { padding: var(--ll-space-3) 0 0; overflow-x: auto; }
.ll-toolbar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: var(--ll-space-2) var(--ll-space-3); margin: 0 0 var(--ll-space-4); min-width: 0; }
.ll-toolbar > * { min-width: 0; max-width: 100%; }
.ll-toolbar__end { margin-left: auto; display: flex; flex-wrap: wrap; gap: var(--ll-space-2); align-items: flex-end; }
.ll-empty-state { display: grid; justify-items: center; gap: var(--ll-space-2); text-align: center; padding: var(--ll-space-8) var(--ll-space-4); color: var(--ll-color-muted); }
.ll-empty-state__icon { display: grid; place-items: center; width: 3rem; height: 3rem; border-radius: var(--ll-radius-pill); background: var(--ll-primary-100, #e0e7ff); color: var(--ll-primary-700, #1e40af); font-size: 1.5rem; }
.ll-empty-state__title { margin: 0; font-size: var(--ll-text-lg); font-weight: var(--ll-weight-bold); color: var(--ll-text-surface, #1b1f24); }
.ll-empty-state__text { max-width: 32rem; font-size: var(--ll-text-sm); }
.ll-empty-state__text > p { margin: 0; }
.ll-empty-state__action { margin-top: var(--ll-space-2); }
.ll-skeleton { display: grid; gap: var(--ll-space-3); padding: var(--ll-space-2) 0; }
.ll-skeleton__row, .ll-skeleton__block { display: block; border-radius: var(--ll-radius-sm); background: linear-gradient(90deg, var(--ll-surface-200, #e5e7eb) 25%, var(--ll-surface-100, #f3f4f6) 50%, var(--ll-surface-200, #e5e7eb) 75%); background-size: 200% 100%; animation: ll-shimmer 1.4s ease-in-out infinite; }
.ll-skeleton__row { height: 1rem; }
.ll-skeleton__row:nth-child(3n+2) { width: 85%; }
.ll-skeleton__row:nth-child(3n) { width: 65%; }
.ll-skeleton__block { border-radius: var(--ll-radius-lg); }
.ll-skeleton__block--sm { height: 4rem; }
.ll-skeleton__block--md { height: 8rem; }
.ll-skeleton__block--lg { height: 16rem; }
@keyframes ll-shimmer { from { background-position: 100% 0; } to { background-position: -100% 0; } }
@media (prefers-reduced-motion: reduce) { .ll-skeleton__row, .ll-skeleton__block { animation: none; } }
`;
