/**
 * The one size system of controls, on the tokens (./tokens.ts): every button, text input, select, date field and
 * table row reads --ll-control-height / --ll-control-pad-x / --ll-control-font / --ll-row-pad-y, which :root sets to
 * the regular size and `.ll-density-compact` (staff lists) or `.ll-density-touch` (the applicant's portal) switch
 * for everything inside them. Native elements and the kit's react-aria controls share each rule, so a plain
 * <button className="ll-button--secondary"> and the kit's <Button variant="secondary"> look the same.
 * Native selectors are wrapped in :where() (no specificity): an area's own class still wins where it means to differ
 * (the toast's close button, the portal's step tabs), and these rules only fill in what nobody styled.
 * Part of both the shell's base sheet and the kit's sheet (a remote on its own page); the two copies are the same text.
 */
const TEXT_INPUTS =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="range"]):not([type="file"]):not([type="color"]):not([type="hidden"]):not([type="image"]):not([type="submit"]):not([type="button"]):not([type="reset"])';

export const CONTROLS_CSS = `
:where(button), .ll-ui-button { font: inherit; font-size: var(--ll-control-font); font-weight: var(--ll-weight-medium); line-height: var(--ll-leading-tight); display: inline-flex; align-items: center; justify-content: center; gap: var(--ll-space-2); min-height: var(--ll-control-height); padding: 0 var(--ll-control-pad-x); box-sizing: border-box; border-radius: var(--ll-radius-md); border: 1px solid var(--ll-primary, #1f4e8c); background: var(--ll-primary, #1f4e8c); color: var(--ll-primary-contrast, #fff); cursor: pointer; text-decoration: none; }
:where(button):hover:not(:disabled), .ll-ui-button[data-hovered]:not([data-disabled]) { background: var(--ll-primary-700, #173b69); border-color: var(--ll-primary-700, #173b69); }
:where(button):active:not(:disabled), .ll-ui-button[data-pressed] { background: var(--ll-primary-900, #10274a); }
:where(.ll-button--secondary), .ll-ui-button--secondary { background: var(--ll-surface, #fff); color: var(--ll-primary-700, #173b69); border-color: var(--ll-color-border-strong); }
:where(.ll-button--secondary):hover:not(:disabled), .ll-ui-button--secondary[data-hovered]:not([data-disabled]) { background: var(--ll-primary-100, #e0e7ff); color: var(--ll-primary-900, #10274a); border-color: var(--ll-primary-700, #173b69); }
:where(.ll-button--secondary):active:not(:disabled), .ll-ui-button--secondary[data-pressed] { background: var(--ll-primary-200, #c7d2fe); }
:where(.ll-button--quiet) { background: transparent; border-color: transparent; color: var(--ll-primary-700, #173b69); }
:where(.ll-button--quiet):hover:not(:disabled) { background: var(--ll-primary-100, #e0e7ff); border-color: transparent; }
:where(.ll-button--danger) { background: var(--ll-color-danger); border-color: var(--ll-color-danger); color: #fff; }
:where(.ll-button--danger):hover:not(:disabled) { background: color-mix(in srgb, var(--ll-color-danger) 80%, #000); border-color: color-mix(in srgb, var(--ll-color-danger) 80%, #000); }
:where(.ll-button--on-primary) { background: transparent; border-color: var(--ll-primary-contrast, #fff); color: var(--ll-primary-contrast, #fff); }
:where(.ll-button--small) { --ll-control-height: 1.75rem; --ll-control-pad-x: var(--ll-space-2); --ll-control-font: var(--ll-text-sm); }
:where(button):disabled, .ll-ui-button[data-disabled] { opacity: .55; cursor: not-allowed; }
:where(${TEXT_INPUTS}, select), .ll-ui-input, .ll-ui-select__button, .ll-ui-date { font: inherit; font-size: var(--ll-control-font); line-height: var(--ll-leading-tight); min-height: var(--ll-control-height); padding: 0 var(--ll-control-pad-x); box-sizing: border-box; border: 1px solid var(--ll-color-border-strong); border-radius: var(--ll-radius-md); background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1f24); }
:where(textarea) { font: inherit; font-size: var(--ll-control-font); line-height: var(--ll-leading); padding: var(--ll-space-2) var(--ll-control-pad-x); box-sizing: border-box; border: 1px solid var(--ll-color-border-strong); border-radius: var(--ll-radius-md); background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1f24); }
:where(select[multiple]) { padding: var(--ll-space-1); }
:where(${TEXT_INPUTS}, select, textarea):hover:not(:disabled), .ll-ui-input[data-hovered], .ll-ui-select__button[data-hovered] { border-color: var(--ll-primary-700, #173b69); }
:where(${TEXT_INPUTS}, select, textarea):disabled, .ll-ui-input[data-disabled], .ll-ui-select__button[data-disabled] { background: var(--ll-surface-100, #f3f4f6); color: var(--ll-color-muted); cursor: not-allowed; opacity: 1; }
:where(input, select, textarea)[aria-invalid="true"], .ll-ui-input[data-invalid], .ll-ui-date[data-invalid] { border-color: var(--ll-color-danger); }
.ll-ui-select__button { display: inline-flex; align-items: center; justify-content: space-between; gap: var(--ll-space-2); min-width: 10rem; cursor: pointer; font-weight: var(--ll-weight-regular); }
.ll-ui-date { display: inline-flex; align-items: center; gap: 1px; }
:where(button, a, input, select, textarea, summary, [tabindex]):focus-visible { outline: var(--ll-focus-outline); outline-offset: 2px; }
.ll-ui-button[data-focus-visible], .ll-ui-input[data-focus-visible], .ll-ui-tab[data-focus-visible], .ll-ui-select__button[data-focus-visible], .ll-ui-date[data-focus-within] { outline: var(--ll-focus-outline); outline-offset: 2px; }
:where(.ll-table) { border-collapse: separate; border-spacing: 0; background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1f24); min-width: 18rem; font-size: var(--ll-control-font); border: 1px solid var(--ll-color-border); border-radius: var(--ll-radius-md); }
:where(.ll-table) :where(th, td) { padding: var(--ll-row-pad-y) var(--ll-space-3); text-align: left; vertical-align: top; border-bottom: 1px solid var(--ll-color-border); }
:where(.ll-table) :where(tr:last-child > td) { border-bottom: 0; }
:where(.ll-table) :where(th) { background: var(--ll-color-subtle); font-weight: var(--ll-weight-bold); font-size: var(--ll-text-sm); color: var(--ll-text-surface, #1b1f24); }
:where(.ll-table) :where(tbody tr:hover > td) { background: color-mix(in srgb, var(--ll-primary-100, #e0e7ff) 35%, transparent); }
`;
