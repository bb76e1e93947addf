/** Unit tests for the contract package: pure TS plus a few React helpers (jsdom). */
module.exports = {
  // The full run has these suites share two cores with the server suites and a build: 5 s timed out under that load.
  testTimeout: 30000,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/../tools/jest/under-load.js'],
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
};
