/**
 * The React-free part of the contract, for Node (the server, scripts): constants, errors, paths,
 * entity types, the remotes document, the header rules and the pure identity rules (guard,
 * warning scheduling, display name, permissions, §8 modal mapping, theme shades, i18n lookup).
 * The AES/RSA helpers stay out: the server uses node:crypto against the same test vectors.
 */
export * from './common';
export * from './form-engine';
