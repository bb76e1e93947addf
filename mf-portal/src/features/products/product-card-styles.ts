import { addStyleOnce } from '@lendline/shared';

/**
 * The landing page's product cards: one a row on a phone (390 px), side by side on a desktop; facts as a two-column
 * list, the Apply link a full-width 44 px button. Theme variables only, so each tenant's look applies.
 */
export function addProductCardStyles() {
  addStyleOnce('ll-product-card-styles', `
.ll-products { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); gap: 1rem; list-style: none; padding: 0; margin: 0; }
.ll-product { display: flex; flex-direction: column; gap: .75rem; min-width: 0; }
.ll-product h2 { margin: 0; }
.ll-product p { margin: 0; }
.ll-product__facts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr); gap: .35rem .75rem; margin: 0; }
.ll-product__facts dt { color: var(--ll-muted, #444); font-size: .875rem; }
.ll-product__facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.ll-product h3 { font-size: .95rem; margin: 0 0 .25rem; }
.ll-product ul { margin: 0; padding-left: 1.1rem; display: grid; gap: .2rem; }
.ll-product__apply { display: flex; align-items: center; justify-content: center; min-height: 44px; border-radius: 6px; background: var(--ll-primary, #1565c0); color: var(--ll-primary-contrast, #fff); font-weight: 600; text-decoration: none; padding: 0 1rem; margin-top: auto; }
.ll-product__apply:hover { background: var(--ll-primary-700, #0d47a1); }
.ll-product details { border-top: 1px solid var(--ll-border, #d6dbe1); padding-top: .25rem; }
.ll-product summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; color: var(--ll-primary-700, #0d47a1); font-weight: 600; }
.ll-emi { display: grid; gap: .75rem; }
.ll-emi input, .ll-emi select { font: inherit; min-height: 44px; box-sizing: border-box; width: 100%; padding: .5rem .6rem; border: 1px solid var(--ll-surface-700, #666); border-radius: 6px; background: var(--ll-surface, #fff); color: inherit; }
.ll-emi__result { background: var(--ll-surface-100, #f7f8fa); border-radius: 8px; padding: .6rem .75rem; }
.ll-emi__result dl { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .3rem .75rem; margin: 0; }
.ll-emi__result dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
.ll-emi__emi { font-size: 1.15rem; }
.ll-product .ll-hint { margin: 0; font-size: .8rem; color: var(--ll-muted, #555); }
`);
}
