/**
 * The React-free part of the contract, for Node (the server, scripts): constants, errors, paths,
 * entity types, the remotes document and the header rules.
 */
export * from './constants';
export * from './errors';
export * from './paths';
export * from './types';
export * from './remotes';
export * from './http/headers';
export * from './debug';
export * from './form-engine';
