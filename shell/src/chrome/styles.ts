// Base styles of the frame and of the shared area components, as CSS variables every remote can use.
export const BASE_CSS = `
:root { --ll-primary: #1f4e8c; --ll-primary-contrast: #fff; --ll-bg: #f6f7f9; --ll-surface: #fff; --ll-text: #1b1f24; --ll-muted: #5b6470; --ll-border: #d6dbe1; --ll-error: #b3261e; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ll-text); background: var(--ll-bg); }
body { margin: 0; }
a { color: var(--ll-primary); }
.ll-header { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: .75rem 1rem; background: var(--ll-primary); }
.ll-header a { color: var(--ll-primary-contrast); text-decoration: none; }
.ll-header a[aria-current="page"] { text-decoration: underline; text-underline-offset: .3em; }
.ll-brand { font-weight: 700; font-size: 1.15rem; }
.ll-header ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
.ll-main { max-width: 72rem; margin: 0 auto; padding: 1rem; min-height: 60vh; }
.ll-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; list-style: none; padding: 0; }
.ll-card { background: var(--ll-surface); border: 1px solid var(--ll-border); border-radius: 8px; padding: 1rem; }
.ll-card h2 { margin-top: 0; font-size: 1.1rem; }
.ll-muted, .ll-remote-version { color: var(--ll-muted); font-size: .875rem; }
.ll-notice, .ll-coming-later { background: #fff8e1; border: 1px solid #f0d68a; border-radius: 8px; padding: .75rem 1rem; }
.ll-coming-later h2 { font-size: 1rem; margin: 0 0 .5rem; }
.ll-banner, .ll-area-fallback { border: 1px solid var(--ll-error); border-radius: 8px; padding: 1rem; background: #fdecea; }
.ll-area-fallback h2 { margin-top: 0; font-size: 1.1rem; }
.ll-table { border-collapse: collapse; background: var(--ll-surface); min-width: 18rem; }
.ll-table th, .ll-table td { border: 1px solid var(--ll-border); padding: .4rem .75rem; text-align: left; }
.ll-stats { display: flex; flex-wrap: wrap; gap: 1rem; }
.ll-stats div { background: var(--ll-surface); border: 1px solid var(--ll-border); border-radius: 8px; padding: .75rem 1rem; }
.ll-stats dd { margin: 0; font-size: 1.5rem; font-weight: 600; }
button { font: inherit; padding: .45rem 1rem; border-radius: 6px; border: 1px solid var(--ll-primary); background: var(--ll-primary); color: var(--ll-primary-contrast); cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`;
