// The server-render builds (issue 31): one CommonJS file for Node per package (the shell's frame and login, a remote's
// first-paint page), with React and its own copy of what it imports bundled in, so the server runs the release's own
// components whatever its own dependencies are. No Module Federation: nothing is shared at run time on the server.
// Beside it, `first-paint.css`-like stylesheets the module declares (`stylesheets()`), written as hashed files with
// brotli and gzip copies into `cssDir`, and `ssr-manifest.json` naming them for the server.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const { baseConfig } = require('./base-config.cjs');

class EmitStylesheetsPlugin {
  constructor(o) {
    this.o = o;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('EmitStylesheets', () => {
      const file = path.join(this.o.outDir, this.o.filename);
      delete require.cache[require.resolve(file)];
      const mod = require(file);
      const sheets = typeof mod.stylesheets === 'function' ? mod.stylesheets() : {};
      const manifest = { module: this.o.filename, css: {} };
      fs.mkdirSync(this.o.cssDir, { recursive: true });
      for (const [name, css] of Object.entries(sheets)) {
        const hashed = `${name}.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
        fs.writeFileSync(path.join(this.o.cssDir, hashed), css);
        fs.writeFileSync(path.join(this.o.cssDir, `${hashed}.br`), zlib.brotliCompressSync(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(path.join(this.o.cssDir, `${hashed}.gz`), zlib.gzipSync(css, { level: 9 }));
        manifest.css[name] = path.relative(this.o.cssBase, path.join(this.o.cssDir, hashed)).split(path.sep).join('/');
      }
      fs.writeFileSync(path.join(this.o.outDir, 'ssr-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  }
}

/**
 * o.dir: the package; o.name: its release name; o.entry: its server-render module. Built after the browser build
 * into the same OUTPUT_PATH (default <package>/dist, which that build cleans first): the module goes to its ssr/
 * folder, the stylesheets beside the browser assets (served as static files, their URL relative to that folder).
 */
module.exports = function createSsrConfig(o) {
  return (_env = {}, argv = {}) => {
    const out = process.env.OUTPUT_PATH || path.join(o.dir, 'dist');
    o = { ...o, outDir: path.join(out, 'ssr'), cssDir: out, cssBase: out };
    const mode = argv.mode || 'production';
    const base = baseConfig(o, { mode, react: { runtime: 'automatic' }, define: { 'process.env.NODE_ENV': JSON.stringify(mode) } });
    const filename = 'render.cjs';
    return {
      ...base,
      target: 'node20',
      entry: { render: o.entry },
      devtool: false,
      output: { path: o.outDir, filename, library: { type: 'commonjs2' }, clean: true },
      // Small enough to read on a failure; the server loads it once per build.
      optimization: { minimize: false, splitChunks: false },
      plugins: [
        ...base.plugins,
        // Lazy pages stay in this one file: the server render has no chunk loading.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new EmitStylesheetsPlugin({ outDir: o.outDir, filename, cssDir: o.cssDir, cssBase: o.cssBase }),
      ],
      performance: false,
    };
  };
};
