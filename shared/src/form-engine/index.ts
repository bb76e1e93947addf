/** Form-engine core (pure TS, no React): config shapes, schemas, page rules, navigation, progress, containers. */
export * from './types';
