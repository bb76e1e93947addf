// The jest set-up every front workspace's unit tests share (jsdom, @swc/jest), compiling @lendline/shared from
// source like the build does; each workspace's jest.config.js names only what is its own.
const path = require('node:path');

const shared = (...p) => path.join(__dirname, '..', '..', 'shared', ...p);

/** @lendline/shared's entries and the test helpers (shared/testing), as the remotes import them. */
const SHARED_PATHS = {
  '^@lendline/shared$': shared('src', 'index.ts'),
  '^@lendline/shared/form-engine$': shared('src', 'form-engine', 'index.ts'),
  '^@lendline/shared/ui/icons$': shared('src', 'ui', 'icons', 'index.ts'),
  '^@lendline/shared/ui$': shared('src', 'ui', 'index.ts'),
  '^@lendline/shared/pricing$': shared('src', 'pricing', 'index.ts'),
  '^@lendline/shared/testing$': shared('testing', 'index.ts'),
};

/** A workspace's config: its extra module mappings and set-up files, plus any other jest option it needs. */
module.exports = function jsdomConfig({ moduleNameMapper = {}, setupFiles = [], ...own } = {}) {
  return {
    // The full run has these suites share two cores with the server suites and a build: 5 s timed out under that load.
    testTimeout: 30000,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/test'],
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }] },
    moduleNameMapper: { ...SHARED_PATHS, ...moduleNameMapper },
    setupFiles: [path.join(__dirname, 'under-load.js'), ...setupFiles],
    ...own,
  };
};
