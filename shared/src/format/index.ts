/** Display formatters shared by the portal, the backstage and server-side documents: the one way to show things. */
export * from './group-digits';
export * from './currency';
export * from './datetime';
export * from './duration';
