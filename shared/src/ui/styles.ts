import { useInsertionEffect } from 'react';
import { addStyleOnce } from '../dom/add-style-once';
import { CONTROLS_CSS } from '../theme/controls';
import { TOKENS_CSS } from '../theme/tokens';
import { LAYOUT_CSS } from './layout/layout-styles';

/**
 * The kit's one look. Every colour is a theme variable (--ll-primary-*, --ll-surface, --ll-text-*,
 * set on :root by the shell from the tenant theme), so a re-theme reaches the kit with no code.
 * The kit carries its own rules instead of relying on the shell's stylesheet because a remote can
 * run standalone (its own dev page) and because the shell's first render should not pay for them.
 * The dialog and toast class names are the ones the areas already target (ll-dialog, ll-toast…).
 * RAC exposes state as data attributes (data-focus-visible, data-selected…): styles key on those.
 */
export const KIT_CSS = `${TOKENS_CSS}${CONTROLS_CSS}
.ll-backdrop { position: fixed; inset: 0; background: rgba(0,0,0,.45); display: grid; place-items: center; z-index: 50; }
.ll-dialog { background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1b1b); border-radius: 12px; padding: 1.25rem 1.5rem; width: min(32rem, calc(100vw - 2rem)); max-height: calc(100vh - 2rem); overflow: auto; box-shadow: var(--ll-elevation-3); outline: none; }
.ll-dialog h2 { margin-top: 0; font-size: var(--ll-text-xl); line-height: var(--ll-leading-tight); }
.ll-dialog__actions { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: flex-end; margin-top: 1rem; }
.ll-toasts { position: fixed; top: 1rem; left: 50%; transform: translateX(-50%); display: grid; gap: .5rem; z-index: 60; width: min(32rem, calc(100vw - 2rem)); outline: none; }
.ll-toasts[data-focus-visible] { outline: 3px solid var(--ll-secondary-500, #1a73e8); outline-offset: 2px; }
.ll-toast { display: flex; align-items: center; gap: .75rem; justify-content: space-between; padding: .6rem .9rem; border-radius: 8px; background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1b1b); border: 1px solid var(--ll-border, #d6dbe1); box-shadow: var(--ll-elevation-2); outline: none; }
.ll-toast[data-focus-visible] { outline: 3px solid var(--ll-secondary-500, #1a73e8); }
.ll-toast--error { border-left: 6px solid var(--ll-text-error, #b3261e); }
.ll-toast--success { border-left: 6px solid var(--ll-text-success, #1e7d32); }
.ll-toast__close { background: transparent; color: inherit; border: none; padding: 0 .5rem; min-width: 2rem; min-height: 2rem; font-size: 1.2rem; cursor: pointer; }
.ll-ui-field { display: grid; gap: .3rem; }
.ll-ui-field > label, .ll-ui-field > .ll-ui-label { font-weight: 600; font-size: .9rem; }
.ll-ui-textarea { padding: var(--ll-space-2) var(--ll-control-pad-x); line-height: var(--ll-leading); resize: vertical; max-width: 100%; }
.ll-ui-textarea__help { display: flex; gap: var(--ll-space-2); justify-content: space-between; }
.ll-ui-textarea__count { margin-left: auto; font-variant-numeric: tabular-nums; }
.ll-ui-date [data-type="literal"] { padding: 0 1px; }
.ll-ui-date [data-focused] { background: var(--ll-primary, #1a56db); color: var(--ll-primary-contrast, #fff); border-radius: 2px; outline: none; }
.ll-ui-date [data-placeholder] { color: var(--ll-text-disable, #6b7280); }
.ll-ui-error { color: var(--ll-text-error, #b3261e); font-size: .875rem; }
.ll-ui-help { color: var(--ll-muted, #595959); font-size: .875rem; }
.ll-ui-tabs__list { display: flex; flex-wrap: wrap; gap: .25rem; border-bottom: 1px solid var(--ll-border, #d6dbe1); }
.ll-ui-tab { padding: .5rem .9rem; cursor: pointer; border-bottom: 3px solid transparent; color: var(--ll-text-surface, #1b1b1b); outline: none; }
.ll-ui-tab[data-selected] { border-bottom-color: var(--ll-primary, #1a56db); font-weight: 600; }
.ll-ui-tab[data-hovered]:not([data-selected]) { background: var(--ll-primary-100, #e0e7ff); }
.ll-ui-tabs__panel { padding-top: .75rem; outline: none; }
.ll-ui-tabs__panel[data-focus-visible] { outline: 3px solid var(--ll-secondary-500, #1a73e8); }
.ll-ui-popover { background: var(--ll-surface, #fff); color: var(--ll-text-surface, #1b1b1b); border: 1px solid var(--ll-border, #d6dbe1); border-radius: 8px; box-shadow: var(--ll-elevation-2); min-width: var(--trigger-width, 10rem); max-height: 20rem; overflow: auto; outline: none; }
.ll-ui-popover--panel { max-height: min(26rem, calc(100vh - 4rem)); }
.ll-ui-popover__dialog { padding: .5rem; width: min(22rem, calc(100vw - 1rem)); outline: none; font-size: .875rem; }
.ll-ui-menu, .ll-ui-listbox { padding: .25rem; outline: none; }
.ll-ui-menu__item, .ll-ui-listbox__item { padding: .45rem .75rem; border-radius: 4px; cursor: pointer; outline: none; }
.ll-ui-menu__item[data-focused], .ll-ui-listbox__item[data-focused] { background: var(--ll-primary-100, #e0e7ff); }
.ll-ui-menu__section { padding: var(--ll-space-1) 0; }
.ll-ui-menu__header { padding: var(--ll-space-1) .75rem; font-size: var(--ll-text-xs); font-weight: var(--ll-weight-bold); letter-spacing: .02em; color: var(--ll-color-muted); }
.ll-ui-menu__separator { height: 1px; background: var(--ll-color-border); margin: var(--ll-space-1) 0; }
.ll-ui-menu__item { display: flex; align-items: center; gap: var(--ll-space-2); min-height: 2.25rem; box-sizing: border-box; }
.ll-ui-menu__check { display: inline-grid; place-items: center; width: 1rem; color: var(--ll-primary-700, #1e40af); }
.ll-ui-menu__item[data-disabled] { opacity: .5; cursor: not-allowed; }
.ll-ui-listbox__item[data-selected] { font-weight: 600; }
.ll-ui-tooltip { background: var(--ll-text-surface, #1b1b1b); color: var(--ll-surface, #fff); padding: .3rem .55rem; border-radius: 4px; font-size: .85rem; max-width: 24rem; overflow-wrap: anywhere; }
${LAYOUT_CSS}`;

/**
 * Adds the kit's stylesheet once per page, before the first kit component paints (insertion effects
 * run before layout, which is what they are for). Idempotent across remotes: the id is the guard,
 * so two builds of the kit on one page (an old shell with a new remote) still add one sheet.
 */
export function useKitStyles(): void {
  // A constructable stylesheet (addStyleOnce): the page's CSP has no 'unsafe-inline' for styles (issue 31).
  useInsertionEffect(() => addStyleOnce('ll-ui-kit', KIT_CSS), []);
}
