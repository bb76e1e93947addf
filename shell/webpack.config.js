const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const createConfig = require('../scripts/webpack/create-config.cjs');

const LOCALES = path.join(__dirname, 'src', 'features', 'i18n', 'locales');

/**
 * Emits the shell's own texts at /assets/i18n/shell/{lang}.json; the i18n store merges the
 * server's dictionary (§7 ./assets/i18n/{lang}.json, product wording) over them. Every remote reads
 * them through the shared i18n store; as JSON they stay out of the login page's JavaScript.
 */
class EmitLocalesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitLocales', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitLocales', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of fs.readdirSync(LOCALES).filter((f) => f.endsWith('.json'))) {
          const full = path.join(LOCALES, file);
          compilation.fileDependencies.add(full);
          // Parse and re-serialise: a broken dictionary fails the build instead of the page.
          compilation.emitAsset(`assets/i18n/shell/${file}`, new RawSource(JSON.stringify(JSON.parse(fs.readFileSync(full, 'utf8')))));
        }
        // The optional chat bot's widget (features/chatbot): a top-level script, so the page's CSP allows it.
        const widget = path.join(__dirname, 'src', 'features', 'chatbot', 'chatbot-widget.js');
        compilation.fileDependencies.add(widget);
        compilation.emitAsset('chatbot-widget.js', new RawSource(fs.readFileSync(widget, 'utf8')));
      });
    });
  }
}

// The host: no remote URL at build time; remotes come from GET /config/remotes at boot.
const base = createConfig({ dir: __dirname, name: 'shell', kind: 'host', devPort: 3000, title: 'Lendline' });
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(
    new EmitLocalesPlugin(),
    // @lendline/shared (a singleton the shell provides) pulls in moment for the form engine; its
    // locale context would put every moment locale (~70 KB gzip) into the first render. Keep the
    // languages the product ships (en is built in; hi).
    new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/(hi)(\.js)?$/),
  );
  return config;
};
