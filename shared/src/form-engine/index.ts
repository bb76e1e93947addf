/**
 * Form-engine core (pure TS, no React — the server imports it through contract.ts): configuration shapes,
 * §5 schemas and validation, page rules, route stepping, §4 progress, container forms and input rules.
 */
export * from './types';
export * from './clock';
export * from './values-path';
export * from './field-config';
export * from './date-bounds';
export * from './amount-input';
export * from './file-rules';
export * from './field-defaults';
export * from './field-schema';
export * from './page-rules';
export * from './validate-values';
export * from './navigation';
export * from './progress';
export * from './container';
export * from './sub-section';
export * from './grid-size';
export * from './form-schema';
export * from '../format';
