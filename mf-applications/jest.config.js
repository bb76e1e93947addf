/** Unit tests of the applications remote (jsdom): the shared set-up in tools/jest/jsdom-config.js. */
const jsdomConfig = require('../tools/jest/jsdom-config');

module.exports = jsdomConfig({
  moduleNameMapper: { '\\.css$': '<rootDir>/test/support/css-stub.js' },
  setupFiles: ['<rootDir>/test/support/setup.js'],
  globals: { __REMOTE_VERSION__: 'test', __REMOTE_NAME__: 'mf_applications' },
});
