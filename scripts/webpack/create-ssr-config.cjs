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

const REPO = path.resolve(__dirname, '..', '..');

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
 * o.dir: the package; o.entry: its server-render module; o.outDir: where the module goes; o.cssDir: where its
 * stylesheets go (served as static files); o.cssBase: the folder the served URL is relative to.
 */
module.exports = function createSsrConfig(o) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const version = process.env.REMOTE_VERSION || require(path.join(o.dir, 'package.json')).version;
    const filename = 'render.cjs';
    return {
      mode,
      context: o.dir,
      target: 'node20',
      entry: { render: o.entry },
      devtool: false,
      output: { path: o.outDir, filename, library: { type: 'commonjs2' }, clean: true },
      // Small enough to read on a failure; the server loads it once per build.
      optimization: { minimize: false, splitChunks: false },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          '@lendline/shared$': path.join(REPO, 'shared', 'src', 'index.ts'),
          '@lendline/shared/form-engine$': path.join(REPO, 'shared', 'src', 'form-engine', 'index.ts'),
          '@lendline/shared/ui$': path.join(REPO, 'shared', 'src', 'ui', 'index.ts'),
          '@lendline/shared/ui/icons$': path.join(REPO, 'shared', 'src', 'ui', 'icons', 'index.ts'),
          '@lendline/shared/pricing$': path.join(REPO, 'shared', 'src', 'pricing', 'index.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
            },
          },
          { test: /\.css$/, type: 'asset/source' },
        ],
      },
      plugins: [
        new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
        // Lazy pages stay in this one file: the server render has no chunk loading.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new webpack.DefinePlugin({
          __REMOTE_NAME__: JSON.stringify(o.name),
          __REMOTE_VERSION__: JSON.stringify(version),
          'process.env.NODE_ENV': JSON.stringify(mode),
        }),
        new EmitStylesheetsPlugin({ outDir: o.outDir, filename, cssDir: o.cssDir, cssBase: o.cssBase }),
      ],
      performance: false,
    };
  };
};
