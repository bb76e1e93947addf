// The portal's server render (issue 31): <release>/ssr/render.cjs and the landing page's stylesheet in the release,
// built by scripts/release.mjs after the browser build into the same OUTPUT_PATH (which that build cleans first).
const path = require('node:path');
const createSsrConfig = require('../scripts/webpack/create-ssr-config.cjs');

const out = process.env.OUTPUT_PATH || path.join(__dirname, 'dist');
module.exports = createSsrConfig({
  dir: __dirname,
  name: 'mf_portal',
  entry: './src/server-render.tsx',
  outDir: path.join(out, 'ssr'),
  cssDir: out,
  cssBase: out,
});
