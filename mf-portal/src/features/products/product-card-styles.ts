import { addStyleOnce } from '@lendline/shared';

/**
 * The landing page's product cards: one a row on a phone (390 px), side by side on a desktop; facts as a two-column
 * list, the Apply link a full-width 44 px button. Theme variables and design tokens only, so each tenant's look applies.
 */
export function addProductCardStyles() {
  addStyleOnce('ll-product-card-styles', `
.ll-products { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); gap: var(--ll-space-4); list-style: none; padding: 0; margin: 0; }
.ll-product { display: flex; flex-direction: column; gap: var(--ll-space-3); min-width: 0; border-top: 4px solid var(--ll-primary, #1565c0); }
.ll-product h2 { margin: 0; font-size: var(--ll-text-xl); line-height: var(--ll-leading-tight); color: var(--ll-primary-700, #0d47a1); }
.ll-product p { margin: 0; }
.ll-product__facts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr); gap: .35rem .75rem; margin: 0; }
.ll-product__facts dt { color: var(--ll-muted, #444); font-size: var(--ll-text-sm); }
.ll-product__facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.ll-product h3 { font-size: var(--ll-text-base); margin: 0 0 .25rem; }
.ll-product ul { margin: 0; padding-left: 1.1rem; display: grid; gap: .2rem; }
.ll-product__apply { display: flex; align-items: center; justify-content: center; min-height: 44px; border-radius: var(--ll-radius-md); background: var(--ll-primary, #1565c0); color: var(--ll-primary-contrast, #fff); font-weight: 600; text-decoration: none; padding: 0 1rem; margin-top: auto; }
.ll-product__apply:hover { background: var(--ll-primary-700, #0d47a1); }
.ll-product details { border-top: 1px solid var(--ll-border, #d6dbe1); padding-top: .25rem; }
.ll-product summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; color: var(--ll-primary-700, #0d47a1); font-weight: 600; }
.ll-emi { display: grid; gap: var(--ll-space-3); }
.ll-emi input, .ll-emi select { min-height: 44px; width: 100%; }
.ll-emi__result { background: var(--ll-surface-100, #f7f8fa); border-radius: var(--ll-radius-lg); padding: .6rem .75rem; }
.ll-emi__result dl { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .3rem .75rem; margin: 0; }
.ll-emi__result dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
.ll-emi__emi { font-size: var(--ll-text-lg); }
.ll-product .ll-hint { margin: 0; font-size: var(--ll-text-xs); color: var(--ll-muted, #555); }
`);
}
