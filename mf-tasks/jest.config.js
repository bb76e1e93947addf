/** Unit tests of the tasks remote (jsdom), compiling @lendline/shared from source like the build does. */
module.exports = {
  // The full run has these suites share two cores with the server suites and a build: 5 s timed out under that load.
  testTimeout: 30000,
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }] },
  moduleNameMapper: {
    '^@lendline/shared$': '<rootDir>/../shared/src/index.ts',
    '^@lendline/shared/form-engine$': '<rootDir>/../shared/src/form-engine/index.ts',
    '^@lendline/shared/ui/icons$': '<rootDir>/../shared/src/ui/icons/index.ts', '^@lendline/shared/ui$': '<rootDir>/../shared/src/ui/index.ts',
    '^@lendline/shared/pricing$': '<rootDir>/../shared/src/pricing/index.ts',
    '\\.css$': '<rootDir>/test/support/css-stub.js',
  },
  globals: { __REMOTE_VERSION__: 'test', __REMOTE_NAME__: 'mf_tasks' },
  setupFiles: ['<rootDir>/../tools/jest/under-load.js', '<rootDir>/test/support/setup.js'],
};
