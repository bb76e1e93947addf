// What the browser build (create-config.cjs) and the server-render build (create-ssr-config.cjs) of a package
// compile the same way: TS/TSX through swc, CSS imported as source text, @lendline/shared from source, moment
// without its locales, and the release's name and version defined for the code.
const path = require('node:path');
const webpack = require('webpack');

const REPO = path.resolve(__dirname, '..', '..');
const shared = (...p) => path.join(REPO, 'shared', 'src', ...p);

/** The package's version: REMOTE_VERSION when the release scripts set it, else its package.json. */
const versionOf = (dir) => process.env.REMOTE_VERSION || require(path.join(dir, 'package.json')).version;

/**
 * The shared part of a build's configuration. o.dir: the package; o.name: its release name (__REMOTE_NAME__);
 * react: swc's React transform options (the browser build turns on development mode in development).
 */
function baseConfig(o, { mode, react, define = {} }) {
  return {
    mode,
    context: o.dir,
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // Remotes and the shell compile @lendline/shared from source; it is still shared as one module.
      alias: {
        '@lendline/shared$': shared('index.ts'),
        '@lendline/shared/form-engine$': shared('form-engine', 'index.ts'),
        '@lendline/shared/ui$': shared('ui', 'index.ts'),
        // Icons are not a shared singleton: each bundle keeps only the icons it imports.
        '@lendline/shared/ui/icons$': shared('ui', 'icons', 'index.ts'),
        '@lendline/shared/pricing$': shared('pricing', 'index.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react }, target: 'es2022' } } },
        },
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      // moment's 130+ locales would ride along with every date field; Lendline formats dates itself.
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      new webpack.DefinePlugin({ __REMOTE_NAME__: JSON.stringify(o.name), __REMOTE_VERSION__: JSON.stringify(versionOf(o.dir)), ...define }),
    ],
  };
}

module.exports = { REPO, baseConfig };
