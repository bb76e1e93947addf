// One webpack configuration for the shell (host) and every remote: swc for TS/TSX, Module
// Federation 2 with the shared singletons, a manifest for runtime registration.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons, SHELL_PROVIDES } = require('./shared-singletons.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { BootAssetsPlugin } = require('./boot-assets-plugin.cjs');
const MinimizerPlugin = require('minimizer-webpack-plugin');

const { REPO, baseConfig } = require('./base-config.cjs');

const API_PREFIXES = ['/v3', '/backstage/get', '/backstage/Products', '/backstage/globalSearch', '/backstage/localSearch', '/config', '/setup', '/app', '/platform', '/health', '/api', '/socket.io', '/releases', '/assets', '/tokenApi', '/user', '/workFlowExecution', '/debugger', '/calculations', '/queries', '/validations', '/upload', '/pdfgenerate', '/externalAPI', '/master_configs', '/component', '/target', '/collectionConfig', '/cibil', '/util'];

/**
 * @param {object} o
 * @param {string} o.dir          workspace folder (absolute)
 * @param {string} o.name         Module Federation container name (mf_portal, shell…)
 * @param {'host'|'remote'} o.kind
 * @param {Record<string,string>} [o.exposes]
 * @param {number} o.devPort      port of `npm run dev`
 * @param {string} [o.title]      page title (host and standalone remote pages)
 */
/**
 * lendline-contract.json beside mf-manifest.json: { shellApi, runtime, shared: { name: requiredVersion } }. `runtime`:
 * 'external' when the build leaves the Module Federation runtime to the shell (production), 'embedded' when it
 * carries its own (development builds, served by a remote's dev server through the developer override).
 */
class EmitContractPlugin {
  constructor(runtime) {
    this.runtime = runtime;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitContract', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitContract', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const { shellApi } = JSON.parse(require('node:fs').readFileSync(path.join(REPO, 'shell', 'src', 'remotes', 'shell-api.json'), 'utf8'));
        const shared = Object.fromEntries(Object.entries(sharedSingletons()).map(([k, v]) => [k, v.requiredVersion]));
        compilation.emitAsset('lendline-contract.json', new RawSource(JSON.stringify({ shellApi, runtime: this.runtime, shared }, null, 2) + '\n'));
      });
    });
  }
}

module.exports = function createConfig(o) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const prod = mode === 'production';
    const base = baseConfig(o, { mode, react: { runtime: 'automatic', development: !prod } });
    const outputPath = process.env.OUTPUT_PATH || path.join(o.dir, 'dist');
    const apiTarget = process.env.API_URL || 'http://127.0.0.1:8080';
    return {
      ...base,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        // The shell's page is served at every deep link, so its scripts need absolute URLs; a remote
        // finds its own base from the script that loaded it.
        publicPath: o.kind === 'host' ? '/' : 'auto',
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: o.name,
        clean: true,
      },
      plugins: [
        ...base.plugins,
        // What this build needs of the page it runs in (issue 32, version skew): the shell API version it was
        // compiled against and the shared singletons' ranges. The release scripts copy `shellApi` into the remotes
        // document; the shell refuses to mount a release built for another API, with a message instead of a blank area.
        ...(o.kind === 'remote' ? [new EmitContractPlugin(prod ? 'external' : 'embedded')] : []),
        // One Module Federation runtime on the page (issue 31; docs/ARCHITECTURE.md, "One federation runtime"). The
        // shell has no build-time federation at all: its first render (the login page) needs none, so it creates the
        // runtime in a lazy chunk when a page first needs a remote (shell/src/remotes/federation.ts), provides the
        // shared singletons there from its own modules (versions below), and publishes the runtime's core as the
        // global the remotes' production builds read (`externalRuntime`; the same global and shape as the plugin's
        // provideExternalRuntime, whose runtime plugin would pull a second, CommonJS copy of the core into the
        // shell). A remote built this way needs a shell that provides the runtime: shell API 2
        // (shell/src/remotes/shell-api.json), so an older shell refuses it before loading it.
        ...(o.kind === 'host'
          ? [new webpack.DefinePlugin({ __SHELL_SHARED__: JSON.stringify(Object.fromEntries(Object.entries(sharedSingletons()).filter(([k]) => SHELL_PROVIDES.includes(k)))) })]
          : [
              new ModuleFederationPlugin({
                name: o.name,
                filename: 'remoteEntry.js',
                exposes: o.exposes,
                remotes: {},
                shared: sharedSingletons(),
                manifest: { fileName: 'mf-manifest.json' },
                dts: false,
                shareStrategy: 'loaded-first',
                // Development builds keep their own runtime: a remote's dev server is used standalone and through the
                // shell's developer override, where no check stands between it and the page.
                experiments: { externalRuntime: prod },
              }),
            ]),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: o.title || 'Lendline',
          // A remote's page is only for standalone development; the product serves the shell's.
          filename: 'index.html',
          // The shell's entry goes first in <head>, ahead of the chunks it preloads: it runs first.
          inject: o.kind === 'host' ? 'head' : 'body',
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
        // What a first render needs: preloads in the shell's page, boot-assets.json for the server.
        new BootAssetsPlugin({ kind: o.kind, exposes: o.exposes, sharedProvided: SHELL_PROVIDES }),
        // .br and .gz beside every text asset; the server picks one by Accept-Encoding.
        ...(prod ? [new PrecompressPlugin()] : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // JavaScript through swc's minifier instead of webpack's default (terser, through the same plugin): about a
        // third of the CPU for a remote (mf-tasks: 51 s → 19 s of CPU), output a little smaller (gzip), on every build
        // (the product's, each release, the test run's: docs/ARCHITECTURE.md "Test run time"). The stylesheets and the
        // page stay with webpack's own minimizer ('...'), whose HTML the server's boot page expects (http/boot-page.ts).
        minimizeOptions: { javascript: false },
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } }), '...'],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        host: '127.0.0.1',
        port: o.devPort,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Everything the API answers (SPEC §7 paths) goes to the real server; the page and its
        // bundles come from this dev server.
        proxy: [{ context: API_PREFIXES, target: apiTarget, ws: true }],
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
};
