/** Unit tests of the video remote (jsdom): the shared set-up in tools/jest/jsdom-config.js. */
const jsdomConfig = require('../tools/jest/jsdom-config');

module.exports = jsdomConfig({
  // janus-gateway ships ESM only: compiled like our sources (the slow-link test runs the real janus.js).
  transformIgnorePatterns: ['/node_modules/(?!janus-gateway/)'],
  globals: { __REMOTE_VERSION__: 'test', __REMOTE_NAME__: 'mf_video' },
});
