// The shell's server render (issue 31): shell/dist/ssr/render.cjs and its first-paint stylesheet in shell/dist/.
// Built after the browser build (package.json "build"), which cleans shell/dist first.
const createSsrConfig = require('../scripts/webpack/create-ssr-config.cjs');

module.exports = createSsrConfig({ dir: __dirname, name: 'shell', entry: './src/server-render.tsx' });
