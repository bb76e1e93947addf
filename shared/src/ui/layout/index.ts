// Layout pieces every screen is built from (docs/ARCHITECTURE.md, Visual language): their styles are part of the
// kit's sheet (../styles.ts), added once by the first piece that renders.
export * from './page-header';
export * from './section-card';
export * from './toolbar';
export * from './empty-state';
export * from './skeleton';
