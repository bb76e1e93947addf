import { addStyleOnce } from '@lendline/shared';

/** The cost panel and its schedule: readable at 390 px (the table scrolls sideways inside its own box, never the page). */
export function addLoanCostStyles() {
  addStyleOnce('ll-loan-cost-styles', `
.ll-loan-cost { flex: 1 1 100%; min-width: 0; border: 1px solid var(--ll-border, #d6dbe1); border-radius: var(--ll-radius-lg); padding: var(--ll-space-3) var(--ll-space-4); background: var(--ll-surface-100, #f7f8fa); }
.ll-loan-cost h3 { margin: 0 0 .5rem; font-size: var(--ll-text-base); }
.ll-loan-cost dl { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .35rem .75rem; margin: 0; }
.ll-loan-cost dt { font-weight: 400; color: var(--ll-muted, #444); }
.ll-loan-cost dd { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
.ll-loan-cost .ll-loan-cost__emi { font-size: var(--ll-text-lg); }
.ll-loan-cost__note { font-size: var(--ll-text-xs); color: var(--ll-muted, #555); margin: .5rem 0 0; }
.ll-loan-cost details { margin-top: .5rem; }
.ll-loan-cost summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; color: var(--ll-primary, #1565c0); font-weight: 600; }
.ll-loan-cost__schedule { max-width: 100%; max-height: 22rem; overflow: auto; }
.ll-loan-cost__schedule table { border-collapse: collapse; width: 100%; font-size: var(--ll-text-xs); font-variant-numeric: tabular-nums; }
.ll-loan-cost__schedule caption { text-align: left; font-size: var(--ll-text-xs); padding-bottom: .25rem; }
.ll-loan-cost__schedule th, .ll-loan-cost__schedule td { padding: .25rem .3rem; text-align: right; white-space: nowrap; border-bottom: 1px solid var(--ll-border, #d6dbe1); }
.ll-loan-cost__schedule th:first-child, .ll-loan-cost__schedule td:first-child { text-align: left; }
.ll-loan-cost__schedule thead th { position: sticky; top: 0; background: var(--ll-surface-100, #f7f8fa); }
`);
}
