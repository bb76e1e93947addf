/**
 * Adds a stylesheet to the page once: the id is the guard, so every mount, remote or chunk that brings the same
 * styles may call it (a remote's styles arrive with its code; the shell owns the base styles and theme variables).
 *
 * As a constructable stylesheet (document.adoptedStyleSheets), not a <style> element: the page's CSP allows styles
 * from files only (no 'unsafe-inline', issue 31), and a sheet built through the CSSOM is not inline markup. The
 * registry of ids lives on the document, so two builds of this module on one page (an old shell with a new remote)
 * still add one sheet. Where the browser has no adoptedStyleSheets (jsdom in the unit tests) it falls back to a
 * <style> element.
 */
type StyledDocument = Document & { __llSheets?: Set<string> };

/** Sheets asked for while rendering on the server (no document): the first paint's stylesheet file is made of them. */
const serverSheets = new Map<string, string>();

export function addStyleOnce(id: string, css: string): void {
  if (typeof document === 'undefined') {
    if (!serverSheets.has(id)) serverSheets.set(id, css);
    return;
  }
  const doc = document as StyledDocument;
  const added = (doc.__llSheets ??= new Set());
  if (added.has(id) || document.getElementById(id)) return;
  added.add(id);
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** Whether addStyleOnce already added the sheet `id` to this page (or the page's HTML links it). */
export function hasStyle(id: string): boolean {
  if (typeof document === 'undefined') return false;
  return !!(document as StyledDocument).__llSheets?.has(id) || !!document.getElementById(id);
}

/** What the server renders asked for so far (scripts/webpack/create-ssr-config.cjs writes it as a file), in order. */
export function serverStyleSheets(): string {
  return [...serverSheets.values()].join('\n');
}
