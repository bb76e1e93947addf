/** Unit tests of the portal's components (jsdom); the shared package and its form engine from source. */
module.exports = {
  // The full run has these suites share two cores with the server suites and a build: 5 s timed out under that load.
  testTimeout: 30000,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/../tools/jest/under-load.js'],
  roots: ['<rootDir>/src', '<rootDir>/test'],
  moduleNameMapper: {
    '^@lendline/shared/form-engine$': '<rootDir>/../shared/src/form-engine/index.ts',
    '^@lendline/shared/pricing$': '<rootDir>/../shared/src/pricing/index.ts',
    '^@lendline/shared/ui/icons$': '<rootDir>/../shared/src/ui/icons/index.ts',
    '^@lendline/shared$': '<rootDir>/../shared/src/index.ts',
  },
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
};
