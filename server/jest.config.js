/**
 * Server suite: builds the app and calls app.inject. Runs on an in-memory PGlite by default and on a
 * real PostgreSQL when TEST_DATABASE_URL is set (each test file gets a database of its own).
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  // Room for a wait on work after a reply (test/helpers/eventually.ts, 120 s) under the full run's load.
  testTimeout: 180000,
  // One worker (files run one after another, as in band), restarted between files once it holds more than this: each
  // file loads the whole server afresh and a little of every file stays reachable (timers and observers of libraries),
  // so a single process running all ~110 files grew past Node's heap limit and spent most of its time collecting.
  workerIdleMemoryLimit: '1536MB',
  // One database template per run (test/helpers/db-template.ts): each file's database is a copy of it.
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] },
  // A few of Fastify's dependencies ship ESM only; Jest's own module system (unlike Node 20.19+)
  // cannot require them untransformed.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@apidevtools)/)'],
  moduleNameMapper: {
    '^@lendline/shared/contract$': '<rootDir>/../shared/src/contract.ts',
    '^@lendline/shared/pricing$': '<rootDir>/../shared/src/pricing/index.ts',
    '^@lendline/shared$': '<rootDir>/../shared/src/index.ts',
  },
};
