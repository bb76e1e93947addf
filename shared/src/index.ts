// The browser entry of @lendline/shared. It is a Module Federation singleton, so it cannot be
// tree-shaken: everything exported here is in the shell's first render. That is why it lists light
// modules (./common, shared with the server's './contract') and the browser's own one by one instead
// of re-exporting ./contract, and why the form engine (yup, moment) is its own entry,
// '@lendline/shared/form-engine', loaded only by the areas that render forms. The server imports
// './contract', which does include the form engine.
export * from './common';
export * from './crypto/tampered-error';
export * from './crypto/load-aes';
export * from './crypto/rsa';
export * from './theme/colour';
export * from './theme/tokens';
export * from './theme/controls';
export * from './http/client';
export * from './session-store';
export * from './drafts/draft-seal';
export * from './drafts/draft-vault';
export * from './drafts/use-unsaved-draft';
export * from './event-bus';
export * from './i18n/store';
export * from './i18n/use-t';
export * from './labels/use-label';
export * from './spa/area-fallback';
export * from './spa/area-error-boundary';
export * from './spa/create-area-spa';
export * from './api';
export * from './spa/area-page';
export * from './react/use-server-data';
export * from './react/use-mutation';
export * from './spa/remote-loader';
export * from './dom/add-style-once';
