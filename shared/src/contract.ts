/**
 * The React-free part of the contract, for Node (the server, scripts): constants, errors, paths,
 * entity types, the remotes document, the header rules and the pure identity rules (guard,
 * warning scheduling, display name, permissions, §8 modal mapping, theme shades, i18n lookup).
 * The AES/RSA helpers stay out: the server uses node:crypto against the same test vectors.
 */
export * from './constants';
export * from './errors';
export * from './paths';
export * from './types';
export type * from './microflow';
export * from './remotes';
export * from './http/headers';
export * from './http/encryption-header';
export * from './debug';
export * from './form-engine';
export * from './session/guard';
export * from './session/warning';
export * from './session/from-reply';
export * from './user/display-name';
export * from './auth/permissions';
export * from './errors/modal-mapping';
export * from './theme/shades';
export * from './i18n/languages';
export * from './i18n/translate';
