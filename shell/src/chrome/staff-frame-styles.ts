import { addStyleOnce } from '@lendline/shared';

/**
 * The signed-in staff's part of the header: the grouped navigation and the user's menu button. Added by the main
 * navigation when it first renders (its own chunk), so the login page's first render does not carry these rules.
 */
const CSS = `
.ll-nav { min-width: 0; }
.ll-nav ul { display: flex; flex-wrap: wrap; align-items: center; list-style: none; margin: 0; padding: 0; gap: var(--ll-space-1); }
.ll-nav .ll-nav__groups { gap: var(--ll-space-2) var(--ll-space-5); }
.ll-nav__group { display: flex; align-items: center; gap: var(--ll-space-2); }
.ll-nav__group + .ll-nav__group { padding-left: var(--ll-space-5); border-left: 1px solid color-mix(in srgb, var(--ll-primary-contrast) 30%, transparent); }
/* Full contrast colour: at this small size a tint of it fell under WCAG's 4.5:1 on the seeded themes (axe). */
.ll-nav__group-label { font-size: var(--ll-text-xs); font-weight: var(--ll-weight-bold); letter-spacing: .04em; text-transform: uppercase; color: var(--ll-primary-contrast); }
.ll-nav a { display: inline-flex; align-items: center; min-height: 2.25rem; padding: 0 var(--ll-space-3); border-radius: var(--ll-radius-md); font-size: var(--ll-text-sm); font-weight: var(--ll-weight-medium); }
.ll-nav a:hover { background: color-mix(in srgb, var(--ll-primary-contrast) 14%, transparent); }
/* The current page is marked by a bar and weight, not a lighter background: white on a lightened primary fell to
   3.5-3.9:1 on the seeded themes (axe, color-contrast). */
.ll-nav a[aria-current="page"] { font-weight: var(--ll-weight-bold); box-shadow: inset 0 -3px 0 var(--ll-primary-contrast); }
.ll-user-menu { display: inline-flex; align-items: center; gap: var(--ll-space-2); min-height: 2.5rem; padding: 0 var(--ll-space-3) 0 var(--ll-space-1); border-radius: var(--ll-radius-pill); border: 1px solid color-mix(in srgb, var(--ll-primary-contrast) 40%, transparent); background: transparent; color: var(--ll-primary-contrast); font-size: var(--ll-text-sm); }
button.ll-user-menu:hover, button.ll-user-menu[data-pressed] { background: color-mix(in srgb, var(--ll-primary-contrast) 14%, transparent); border-color: var(--ll-primary-contrast); }
.ll-user-menu--loading { border-color: transparent; }
.ll-user-menu__avatar { display: inline-grid; place-items: center; width: 1.875rem; height: 1.875rem; border-radius: var(--ll-radius-pill); background: var(--ll-primary-contrast); color: var(--ll-primary-700); font-size: var(--ll-text-xs); font-weight: var(--ll-weight-bold); }
.ll-user { font-weight: var(--ll-weight-bold); max-width: 14rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
@media (max-width: 64rem) { .ll-header--staff .ll-nav { order: 3; flex-basis: 100%; overflow-x: auto; } .ll-nav__group-label { display: none; } }
/* Below ~720 px (use-narrow.ts): a Menu button in the header's row, its panel of links dropping under it on the
   page's surface colours (dark text on light: the header's light-on-primary rules are overridden inside it). */
.ll-header--staff .ll-nav.ll-nav--narrow { order: 0; flex-basis: auto; overflow: visible; position: relative; }
.ll-nav__toggle { display: inline-flex; align-items: center; gap: var(--ll-space-2); min-height: 2.5rem; padding: 0 var(--ll-space-3); border-radius: var(--ll-radius-md); border: 1px solid color-mix(in srgb, var(--ll-primary-contrast) 40%, transparent); background: transparent; color: var(--ll-primary-contrast); font-size: var(--ll-text-sm); font-weight: var(--ll-weight-medium); }
/* Open or hovered: a full-contrast border and, open, a bar; not a lighter background (white on a lightened primary
   falls under 4.5:1 on the seeded themes, as the links' current-page mark did). */
.ll-nav__toggle:hover, .ll-nav__toggle[aria-expanded="true"] { border-color: var(--ll-primary-contrast); }
.ll-nav__toggle[aria-expanded="true"] { box-shadow: inset 0 -3px 0 var(--ll-primary-contrast); }
.ll-nav__panel { position: absolute; top: calc(100% + var(--ll-space-2)); left: 0; z-index: 40; width: max-content; min-width: 14rem; max-width: calc(100vw - 2rem); box-sizing: border-box; padding: var(--ll-space-2); background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1f24); border: 1px solid var(--ll-color-border); border-radius: var(--ll-radius-md); box-shadow: var(--ll-elevation-2); }
.ll-nav__panel[hidden] { display: none; }
.ll-nav__panel ul, .ll-nav__panel .ll-nav__groups, .ll-nav__panel .ll-nav__group { flex-direction: column; align-items: stretch; gap: var(--ll-space-1); }
.ll-nav__panel .ll-nav__group + .ll-nav__group { padding: var(--ll-space-2) 0 0; margin-top: var(--ll-space-1); border-left: 0; border-top: 1px solid var(--ll-color-border); }
.ll-header .ll-nav__panel .ll-nav__group-label { display: block; padding: 0 var(--ll-space-3); color: var(--ll-text-surface, #1b1f24); }
.ll-header .ll-nav__panel a { display: flex; color: var(--ll-text-surface, #1b1f24); }
.ll-header .ll-nav__panel a:hover { background: var(--ll-primary-100, #e0e7ff); }
.ll-header .ll-nav__panel a[aria-current="page"] { box-shadow: inset 3px 0 0 var(--ll-primary-700, #173b69); }
.ll-header .ll-nav__panel :focus-visible { outline-color: var(--ll-primary-700, #173b69); }
/* …and so that the brand, the button, the bell and the user's menu keep one row at 390 px, the user's name is kept
   for screen readers (it names the menu button) but only the initials show. */
@media (max-width: 44.99rem) { .ll-header--staff .ll-user { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; } .ll-header--staff .ll-user-menu { padding-right: var(--ll-space-2); } }
@media (max-width: 30rem) { .ll-header { padding: var(--ll-space-2) var(--ll-space-3); gap: var(--ll-space-2) var(--ll-space-3); } .ll-user { max-width: 7rem; } .ll-nav a { padding: 0 var(--ll-space-2); } }
`;

export function addStaffFrameStyles(): void {
  addStyleOnce('ll-staff-frame', CSS);
}
