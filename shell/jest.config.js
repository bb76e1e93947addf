/** Shell unit tests: the logic that lives in the shell (status pages, theme parsing, session timers). */
const path = require('node:path');
module.exports = {
  // The full run has these suites share two cores with the server suites and a build: 5 s timed out under that load.
  testTimeout: 30000,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/../tools/jest/under-load.js'],
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }] },
  moduleNameMapper: { '^@lendline/shared$': path.join(__dirname, '..', 'shared', 'src', 'index.ts'), '^@lendline/shared/ui/icons$': path.join(__dirname, '..', 'shared', 'src', 'ui', 'icons', 'index.ts'), '^@lendline/shared/ui$': path.join(__dirname, '..', 'shared', 'src', 'ui', 'index.ts') },
};
