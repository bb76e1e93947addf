// react-router and the shared client need TextEncoder, which jsdom does not provide.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  globalThis.TextEncoder = TextEncoder;
  globalThis.TextDecoder = TextDecoder;
}
// jsdom has no CSS.escape, which react-aria's focus scope (the UI kit's dialogs) uses.
if (typeof globalThis.CSS === 'undefined') globalThis.CSS = { escape: (s) => String(s).replace(/[^\w-]/g, (c) => `\\${c}`) };
