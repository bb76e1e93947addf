import { addStyleOnce } from '@lendline/shared';

/**
 * The applicant's look, on the design tokens (docs/ARCHITECTURE.md, Visual language): the whole customer area takes
 * the touch size of controls (44 px, a phone's touch target) and a roomier type; its cards, notices and the step
 * pages (OTP, consent, KFS) read as one calm column. Rules only, no markup: the landing page is also rendered on the
 * server from the same components. The shell's area element ([data-area="portal"]) scopes it, so staff pages are
 * untouched; native inputs stay (the phone's own keyboard and date picker) and take the kit's size and border.
 */
export const PORTAL_LOOK_CSS = `
[data-area="portal"] { --ll-control-height: 2.75rem; --ll-control-pad-x: var(--ll-space-4); --ll-control-font: var(--ll-text-base); --ll-row-pad-y: var(--ll-space-3); line-height: var(--ll-leading); }
[data-area="portal"] .ll-area-page > h1 { font-size: var(--ll-text-2xl); line-height: var(--ll-leading-tight); margin: 0 0 var(--ll-space-5); color: var(--ll-text-background, #1b1f24); }
[data-area="portal"] .ll-card { border-radius: var(--ll-radius-xl); padding: var(--ll-space-5) var(--ll-space-6); box-shadow: var(--ll-elevation-1); margin: 0 0 var(--ll-space-5); }
[data-area="portal"] .ll-card h2 { font-size: var(--ll-text-xl); line-height: var(--ll-leading-tight); margin: 0 0 var(--ll-space-3); }
[data-area="portal"] .ll-card h3 { font-size: var(--ll-text-lg); line-height: var(--ll-leading-tight); margin: 0 0 var(--ll-space-3); }
[data-area="portal"] .ll-notice { border-radius: var(--ll-radius-lg); padding: var(--ll-space-3) var(--ll-space-4); }
[data-area="portal"] .ll-field label, [data-area="portal"] .ll-label { font-size: var(--ll-text-sm); }
[data-area="portal"] .ll-form-error { border-radius: var(--ll-radius-md); }
[data-area="portal"] .ll-kfs__accept { display: grid; gap: var(--ll-space-3); border-top: 1px solid var(--ll-color-border); padding-top: var(--ll-space-4); margin-top: var(--ll-space-4); }
@media (max-width: 40rem) { [data-area="portal"] .ll-card { padding: var(--ll-space-4); border-radius: var(--ll-radius-lg); } [data-area="portal"] .ll-area-page > h1 { font-size: var(--ll-text-xl); } }
`;

export function addPortalLook(): void {
  addStyleOnce('ll-portal-look', PORTAL_LOOK_CSS);
}
