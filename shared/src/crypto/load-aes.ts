/**
 * crypto-js is fetched only when a request or response is actually encrypted: the login page
 * (the shell's first render) never needs it, and @lendline/shared is a singleton that cannot be
 * tree-shaken, so a static import would put it in every first load.
 */
export type AesModule = typeof import('./aes');

let aes: Promise<AesModule> | null = null;

export function loadAes(): Promise<AesModule> {
  // The extension-less specifier is what webpack and jest resolve to aes.ts; tsc's nodenext mode
  // would want './aes.js' for a dynamic import, which the bundler would not find.
  // @ts-ignore TS2835
  aes ??= import('./aes');
  return aes;
}
