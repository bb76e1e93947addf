/** Unit tests of the notifications remote (jsdom): the shared set-up in tools/jest/jsdom-config.js. */
const jsdomConfig = require('../tools/jest/jsdom-config');

module.exports = jsdomConfig({ globals: { __REMOTE_VERSION__: 'test', __REMOTE_NAME__: 'mf_notifications' } });
