/** Unit tests of the video remote (jsdom), compiling @lendline/shared from source like the build does. */
module.exports = {
  // The full run has these suites share two cores with the server suites and a build: 5 s timed out under that load.
  testTimeout: 30000,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/../tools/jest/under-load.js'],
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }] },
  // janus-gateway ships ESM only: compiled like our sources (the slow-link test runs the real janus.js).
  transformIgnorePatterns: ['/node_modules/(?!janus-gateway/)'],
  moduleNameMapper: { '^@lendline/shared$': '<rootDir>/../shared/src/index.ts', '^@lendline/shared/ui$': '<rootDir>/../shared/src/ui/index.ts' },
  globals: { __REMOTE_VERSION__: 'test', __REMOTE_NAME__: 'mf_video' },
};
