/** Display formatters shared by the portal, the backstage and server-side documents. */
export * from './group-digits';
export * from './currency';
