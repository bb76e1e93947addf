/** Shell unit tests: the logic that lives in the shell (status pages, theme parsing, session timers). */
const jsdomConfig = require('../tools/jest/jsdom-config');

module.exports = jsdomConfig();
