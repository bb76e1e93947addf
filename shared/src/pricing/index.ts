// The one pricing engine (issue 27): portal, staff Credit tab and the server's PDFs compute with it.
export * from './types';
export * from './money';
export * from './emi';
export * from './dates';
export * from './schedule';
export * from './apr';
export * from './quote';
