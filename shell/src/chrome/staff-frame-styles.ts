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
@media (max-width: 30rem) { .ll-header { padding: var(--ll-space-2) var(--ll-space-3); gap: var(--ll-space-2) var(--ll-space-3); } .ll-user { max-width: 7rem; } .ll-nav a { padding: 0 var(--ll-space-2); } }
`;

export function addStaffFrameStyles(): void {
  addStyleOnce('ll-staff-frame', CSS);
}
