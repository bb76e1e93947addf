// jsdom has no layout: give elements a size so scroll boxes and the virtualizer have something to measure.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get() { return 520; } });
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get() { return 520; } });
Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get() { return 1024; } });
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = function () {};
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// react-router 7 needs TextEncoder, which jsdom does not provide.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  globalThis.TextEncoder = TextEncoder;
  globalThis.TextDecoder = TextDecoder;
}
// jsdom has no CSS.escape, which react-aria's focus scope (the UI kit's dialogs) uses.
if (typeof globalThis.CSS === 'undefined') globalThis.CSS = { escape: (s) => String(s).replace(/[^\w-]/g, (c) => `\\${c}`) };
