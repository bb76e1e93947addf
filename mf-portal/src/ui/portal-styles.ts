import { addStyleOnce } from '@lendline/shared';
/**
 * Styles of the portal's forms and flow, on top of the shell's base classes (ll-field, ll-card…) and its theme
 * variables, so tenant themes apply. Injected once on first use; the remote ships no separate CSS file to load.
 * Mobile first: at 360 px every field takes the whole row and touch targets are at least 44 px.
 */
const CSS = `
.ll-form-grid { display: flex; flex-wrap: wrap; gap: var(--ll-space-4); align-items: flex-start; }
.ll-form-grid > .ll-field { flex: 1 1 100%; min-width: 0; }
@media (min-width: 40rem) { .ll-form-grid > .ll-field { flex: 1 1 calc(50% - 1rem); } }
.ll-field--group { border: 1px solid var(--ll-border, #d6dbe1); border-radius: var(--ll-radius-lg); padding: .5rem .75rem .75rem; margin: 0; }
.ll-field--group legend { font-weight: 600; font-size: var(--ll-text-sm); padding: 0 .25rem; }
/* Native inputs (the phone's keyboard and pickers) in the kit's size and border (shared/src/theme/controls.ts): full width here. */
.ll-field input[type=text], .ll-field input[type=password], .ll-field textarea, .ll-field select { min-height: 44px; width: 100%; }
.ll-field [aria-invalid="true"] { border-color: var(--ll-error, #b00020); }
.ll-field textarea { min-height: 6rem; }
.ll-field select[multiple] { min-height: 7rem; }
.ll-hint { margin: 0; font-size: var(--ll-text-xs); color: var(--ll-muted, #555); }
.ll-required { color: var(--ll-error, #b00020); }
.ll-adorned { display: flex; align-items: stretch; }
.ll-adornment { display: grid; place-items: center; padding: 0 .6rem; border: 1px solid var(--ll-surface-700, #666); border-right: 0; border-radius: var(--ll-radius-md) 0 0 6px; background: var(--ll-surface-100, #f3f4f6); }
.ll-adorned input { border-radius: 0 var(--ll-radius-md) var(--ll-radius-md) 0 !important; }
.ll-inline { display: flex; flex-wrap: wrap; gap: var(--ll-space-2); align-items: center; }
.ll-inline input { flex: 1 1 8rem; }
.ll-check { display: flex; gap: .6rem; align-items: flex-start; font-weight: 400 !important; min-height: 44px; }
.ll-check input { width: 1.3rem; height: 1.3rem; margin-top: .1rem; flex: none; }
.ll-toggle-row { display: flex; justify-content: space-between; align-items: center; gap: var(--ll-space-4); min-height: 44px; }
.ll-toggle { min-width: 4.5rem; background: var(--ll-surface, #fff); color: inherit; border-color: var(--ll-surface-700, #666); }
.ll-toggle--on { background: var(--ll-primary, #1565c0); color: var(--ll-primary-contrast, #fff); }
.ll-options { display: flex; flex-wrap: wrap; gap: var(--ll-space-1) 1rem; }
.ll-option { display: flex; gap: .4rem; align-items: center; min-height: 44px; font-weight: 400 !important; }
.ll-option input { width: 1.2rem; height: 1.2rem; }
.ll-tabs { display: flex; flex-wrap: wrap; gap: var(--ll-space-1); }
.ll-tab { background: var(--ll-surface, #fff); color: var(--ll-primary-700, #0d47a1); min-height: 44px; }
.ll-tab[aria-checked="true"] { background: var(--ll-primary, #1565c0); color: var(--ll-primary-contrast, #fff); }
.ll-range__row, .ll-slider { display: flex; align-items: center; gap: .6rem; }
.ll-range__row input, .ll-slider input { flex: 1; min-height: 44px; }
.ll-range__row output, .ll-slider output { min-width: 4rem; text-align: right; font-variant-numeric: tabular-nums; }
.ll-counter { display: flex; align-items: center; gap: var(--ll-space-2); }
.ll-counter button { min-width: 44px; min-height: 44px; font-size: var(--ll-text-lg); }
.ll-counter__value { min-width: 3rem; text-align: center; font-size: var(--ll-text-lg); font-variant-numeric: tabular-nums; padding: .4rem; border-radius: var(--ll-radius-md); }
.ll-counter-label, .ll-label { font-weight: 600; font-size: var(--ll-text-sm); }
.ll-dropzone { border: 2px dashed var(--ll-border, #999); border-radius: var(--ll-radius-lg); padding: 1rem; text-align: center; }
.ll-dropzone--over { border-color: var(--ll-primary, #1565c0); background: var(--ll-primary-100, #e3f2fd); }
.ll-upload { display: flex; gap: var(--ll-space-2); align-items: center; }
.ll-upload progress { flex: 1; }
.ll-doc-list { list-style: none; padding: 0; margin: .25rem 0 0; display: grid; gap: var(--ll-space-1); }
.ll-doc-list li { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; }
.ll-signature { width: 100%; border: 1px solid var(--ll-border, #999); border-radius: var(--ll-radius-md); background: #fff; touch-action: none; display: block; }
.ll-gauge { display: flex; align-items: center; gap: var(--ll-space-2); }
.ll-timer { font-size: var(--ll-text-xl); font-variant-numeric: tabular-nums; }
.ll-scroll-x { overflow-x: auto; max-width: 100%; }
.ll-num { text-align: right; font-variant-numeric: tabular-nums; }
.ll-accordion { border: 1px solid var(--ll-border, #d6dbe1); border-radius: var(--ll-radius-lg); padding: .5rem .75rem; margin: .25rem 0; background: var(--ll-surface, #fff); }
.ll-accordion summary { cursor: pointer; font-weight: 600; min-height: 32px; }
.ll-summary__list { display: grid; gap: var(--ll-space-1); margin: .5rem 0 0; }
.ll-summary__list div { display: flex; flex-wrap: wrap; justify-content: space-between; gap: var(--ll-space-2); border-bottom: 1px solid var(--ll-border, #eee); }
.ll-summary__list dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.ll-row, .ll-record { display: flex; flex-wrap: wrap; gap: var(--ll-space-3); align-items: flex-end; border-bottom: 1px dashed var(--ll-border, #ccc); padding: .5rem 0; }
.ll-row > .ll-field { flex: 1 1 12rem; }
.ll-total { margin: .25rem 0; }
.ll-verified { color: var(--ll-text-success, #1b5e20); font-weight: 600; }
.ll-steps { display: flex; gap: var(--ll-space-1); list-style: none; padding: 0; margin: 0 0 1rem; overflow-x: auto; }
.ll-steps li { flex: 1 1 0; min-width: 4.5rem; font-size: var(--ll-text-xs); }
.ll-steps__bar { height: 6px; border-radius: 3px; background: var(--ll-border, #ddd); overflow: hidden; }
.ll-steps__bar span { display: block; height: 100%; background: var(--ll-primary, #1565c0); }
.ll-steps li[aria-current="step"] { font-weight: 700; }
.ll-steps-compact { display: none; margin: 0 0 1rem; }
.ll-steps-compact p { margin: 0 0 .35rem; font-weight: 600; font-size: var(--ll-text-base); }
@media (max-width: 40rem) { .ll-steps { display: none; } .ll-steps-compact { display: block; } }
.ll-flow-nav { display: flex; flex-wrap: wrap; justify-content: space-between; gap: var(--ll-space-2); margin-top: 1.25rem; }
.ll-flow-nav button { min-height: 44px; min-width: 7rem; }
.ll-flow-secondary { display: flex; flex-wrap: wrap; gap: var(--ll-space-2); align-items: flex-start; }
.ll-continue-later__note { flex-basis: 100%; margin: .25rem 0 0; }
/* Every control an applicant taps is at least 44 px tall (touch target size). */
.ll-flow button, .ll-choice button, .ll-flow [role="button"] { min-height: 44px; }
.ll-flow { max-width: 48rem; margin: 0 auto; }
.ll-choice { display: grid; gap: var(--ll-space-4); max-width: 32rem; }
.ll-offline { background: var(--ll-secondary-100, #fff8e1); border: 1px solid var(--ll-secondary-300, #ffca28); border-radius: var(--ll-radius-lg); padding: .5rem .75rem; }
`;

export function ensurePortalStyles(): void {
  addStyleOnce('ll-portal-styles', CSS);
}
