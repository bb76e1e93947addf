// The portal's server render (issue 31): <release>/ssr/render.cjs and the landing page's stylesheet in the release,
// built by scripts/release.mjs after the browser build into the same OUTPUT_PATH (which that build cleans first).
const createSsrConfig = require('../scripts/webpack/create-ssr-config.cjs');

module.exports = createSsrConfig({ dir: __dirname, name: 'mf_portal', entry: './src/server-render.tsx' });
