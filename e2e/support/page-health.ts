import type { Page } from '@playwright/test';

/** Text a page logs for each Content-Security-Policy violation (installed by watchConsole). */
export const CSP_VIOLATION = 'CSP violation:';

/**
 * Collects console errors and uncaught page errors so a journey can assert there were none. Content-Security-Policy
 * violations count as errors: Chromium reports a blocked script or style on the console itself, and a
 * securitypolicyviolation listener, installed before any page script, logs every violation (report-only ones and
 * those in frames included) as a console error, so a journey under a policy that blocks something fails.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  void page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || document.location.href}:${e.lineNumber}`);
    });
  }, CSP_VIOLATION);
  return errors;
}

/**
 * Installs a minimal React DevTools hook before any script runs: every React renderer that boots
 * registers itself through inject(), so the count tells how many React copies the page runs.
 */
export async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const renderers = new Map<number, unknown>();
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(r: unknown) {
        const id = renderers.size + 1;
        renderers.set(id, r);
        return id;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
}

export async function reactRendererCount(page: Page): Promise<number> {
  return page.evaluate(() => ((window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size));
}
