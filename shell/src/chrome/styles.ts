import { CONTROLS_CSS, fontStack, TOKENS_CSS } from '@lendline/shared';

/**
 * Base styles of the frame and of the shared area components. Every colour is a CSS variable of
 * the tenant theme (--ll-{primary,secondary,background,surface}[-100…900], --ll-text-*), set on
 * :root by features/theme, so remotes using these classes or variables re-theme with the shell.
 * --ll-muted (secondary text) is the text colour mixed towards the background, not the theme's 'disable'
 * colour: secondary text must still be read (WCAG AA 4.5:1; tenants' disable greys measure ~2.5:1).
 * Dialogs and toasts are styled by the UI kit (@lendline/shared/ui), which adds its sheet when used.
 * The product's fonts are declared in the page's head (shell/webpack.config.js); the font stack names them first.
 */
export const BASE_CSS = `${TOKENS_CSS}${CONTROLS_CSS}
:root { --ll-text: var(--ll-text-background); --ll-muted: color-mix(in srgb, var(--ll-text-background) 72%, var(--ll-background)); --ll-border: var(--ll-surface-300, #d6dbe1); --ll-error: var(--ll-text-error); --ll-bg: var(--ll-background);
  font-family: var(--ll-font-family, ${fontStack()}); color: var(--ll-text); background: var(--ll-background); }
body { margin: 0; background: var(--ll-background); color: var(--ll-text); }
a { color: var(--ll-primary-700); }
.ll-skip { position: absolute; left: -999px; top: 0; background: var(--ll-surface); padding: .5rem; z-index: 100; }
.ll-skip:focus { left: .5rem; }
.ll-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.ll-header { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: .75rem 1rem; background: var(--ll-primary); color: var(--ll-primary-contrast); }
.ll-header a { color: var(--ll-primary-contrast); text-decoration: none; }
.ll-header a[aria-current="page"] { text-decoration: underline; text-underline-offset: .3em; }
.ll-header__tools { margin-left: auto; display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; }
.ll-switch { display: flex; align-items: center; gap: .35rem; font-size: .875rem; }
.ll-switch select { font: inherit; padding: .2rem .4rem; border-radius: 4px; border: 1px solid var(--ll-primary-300); }
.ll-user { font-weight: 600; }
.ll-brand { font-weight: 700; font-size: 1.15rem; }
.ll-header ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
.ll-main { max-width: 72rem; margin: 0 auto; padding: 1rem; min-height: 60vh; }
.ll-main:focus { outline: none; }
.ll-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; list-style: none; padding: 0; }
.ll-card { background: var(--ll-surface); color: var(--ll-text-surface); border: 1px solid var(--ll-border); border-radius: 8px; padding: 1rem; }
.ll-card h2 { margin-top: 0; font-size: 1.1rem; }
.ll-muted, .ll-remote-version { color: var(--ll-muted); font-size: .875rem; }
.ll-notice, .ll-coming-later { background: var(--ll-secondary-100); border: 1px solid var(--ll-secondary-300); border-radius: 8px; padding: .75rem 1rem; }
.ll-coming-later h2 { font-size: 1rem; margin: 0 0 .5rem; }
.ll-banner, .ll-area-fallback { border: 1px solid var(--ll-error); border-radius: 8px; padding: 1rem; background: var(--ll-surface); }
.ll-area-fallback h2 { margin-top: 0; font-size: 1.1rem; }
.ll-stats { display: flex; flex-wrap: wrap; gap: 1rem; }
.ll-stats div { background: var(--ll-surface); border: 1px solid var(--ll-border); border-radius: 8px; padding: .75rem 1rem; }
.ll-stats dd { margin: 0; font-size: 1.5rem; font-weight: 600; color: var(--ll-primary-700); }
.ll-login-page { max-width: 24rem; margin: 2rem auto; background: var(--ll-surface); color: var(--ll-text-surface); border: 1px solid var(--ll-border); border-radius: 12px; padding: 1.5rem; }
.ll-login-page h1 { margin-top: 0; font-size: 1.5rem; color: var(--ll-primary-700); }
.ll-login { display: grid; gap: 1rem; }
.ll-field { display: grid; gap: .3rem; }
.ll-field label { font-weight: 600; font-size: .9rem; }
.ll-field input[aria-invalid="true"] { border-color: var(--ll-error); }
.ll-field-error, .ll-form-error { color: var(--ll-error); font-size: .875rem; margin: 0; }
.ll-form-error { border-left: 4px solid var(--ll-error); padding: .4rem .6rem; background: var(--ll-surface-100); }
.ll-captcha-row { display: flex; gap: .5rem; }
.ll-captcha-row input { flex: 1; }
.ll-captcha-image { max-width: 100%; border: 1px solid var(--ll-border); border-radius: 6px; background: #fff; }
.ll-status-page { text-align: center; padding: 3rem 1rem; }
.ll-expired-image { max-width: 100%; height: auto; }
.ll-error-list { margin: 0; padding-left: 1.2rem; }
.ll-spinner-overlay { position: fixed; inset: 0; display: grid; place-items: center; background: rgba(255,255,255,.4); z-index: 40; }
.ll-spinner { display: inline-block; width: 2.5rem; height: 2.5rem; border: 4px solid var(--ll-primary-200); border-top-color: var(--ll-primary); border-radius: 50%; animation: ll-spin 1s linear infinite; }
.ll-inline-spinner { display: grid; place-items: center; padding: 1rem; }
@keyframes ll-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .ll-spinner { animation-duration: 3s; } }
`;
