import { addStyleOnce, hasStyle } from '../../src/dom/add-style-once';

/**
 * In a browser the sheet is constructed (document.adoptedStyleSheets), so the page needs no 'unsafe-inline' for
 * styles (issue 31). jsdom has neither, so the browser's API is stood in for by a minimal CSSStyleSheet.
 */
class FakeSheet {
  text = '';
  replaceSync(css: string) {
    this.text = css;
  }
}

describe('addStyleOnce with constructable stylesheets', () => {
  const original = (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet;
  beforeAll(() => {
    (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet = FakeSheet;
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true, configurable: true });
  });
  afterAll(() => {
    (globalThis as { CSSStyleSheet?: unknown }).CSSStyleSheet = original;
    delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });

  test('adopts one sheet per id and creates no <style> element', () => {
    addStyleOnce('ll-test-c', '.c { color: red; }');
    addStyleOnce('ll-test-c', '.c { color: blue; }');
    addStyleOnce('ll-test-d', '.d { color: green; }');
    const sheets = (document as unknown as { adoptedStyleSheets: FakeSheet[] }).adoptedStyleSheets;
    expect(sheets.map((s) => s.text)).toEqual(['.c { color: red; }', '.d { color: green; }']);
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(hasStyle('ll-test-c')).toBe(true);
    expect(hasStyle('ll-test-e')).toBe(false);
  });
});
