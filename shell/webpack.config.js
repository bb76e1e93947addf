const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
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

const LATIN = 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const DEVANAGARI = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';
/** The product's fonts (SIL OFL, woff2 from @fontsource): Latin and Devanagari subsets, regular and bold. */
const FONTS = [
  ['Noto Sans', 400, '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2', LATIN],
  ['Noto Sans', 700, '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2', LATIN],
  ['Noto Sans Devanagari', 400, '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2', DEVANAGARI],
  ['Noto Sans Devanagari', 700, '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2', DEVANAGARI],
];

/**
 * The product's own fonts (docs/ARCHITECTURE.md, "The product's own type and icons"): emits each woff2 as
 * fonts/<name>.<hash>.woff2 (served immutable) and puts their @font-face rules, font-display: swap and one
 * unicode-range per subset, in fonts.<hash>.css linked at the top of the page's head. Not in the shell's JavaScript:
 * the first render's scripts stay within their budget, and the first paint never waits for a font.
 */
class FontFacesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FontFaces', (compilation) => {
      let css = '';
      let cssFile = '';
      compilation.hooks.processAssets.tap({ name: 'FontFaces', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        css = FONTS.map(([family, weight, file, range]) => {
          const full = require.resolve(file);
          compilation.fileDependencies.add(full);
          const bytes = fs.readFileSync(full);
          const name = `fonts/${path.basename(file, '.woff2')}.${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.woff2`;
          compilation.emitAsset(name, new RawSource(bytes));
          return `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:swap;src:url(/${name}) format("woff2");unicode-range:${range}}`;
        }).join('\n');
        // A file, not a <style> in the page: the page's CSP has no 'unsafe-inline' for styles (issue 31).
        cssFile = `fonts.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
        compilation.emitAsset(cssFile, new RawSource(css));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FontFaces', (data) => {
        data.headTags.unshift({ tagName: 'link', voidTag: true, attributes: { rel: 'stylesheet', href: `/${cssFile}` }, meta: { plugin: 'FontFaces' } });
        return data;
      });
    });
  }
}

/**
 * The shell's scripts after the first frame (issue 31; docs/ARCHITECTURE.md, "First paint from the server"): the page's
 * one script tag is the paint loader (src/boot/paint-loader.js, emitted as paint-loader.<hash>.js), which adds the
 * entry named in its data-main once the server-painted page has drawn its first frame. The entry and the chunks behind
 * its boundary are preloaded at low priority by a page that is not painted; a painted page has those preloads taken out
 * by the server, and the loader adds the chunks (data-preload) with the entry after the first frame. Runs after
 * BootAssetsPlugin's tags (registered later), so it sees its preloads.
 */
class PaintLoaderPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const source = path.join(__dirname, 'src', 'boot', 'paint-loader.js');
    compiler.hooks.thisCompilation.tap('PaintLoader', (compilation) => {
      let file = '';
      compilation.hooks.processAssets.tap({ name: 'PaintLoader', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(source);
        const js = fs.readFileSync(source, 'utf8');
        // Hashed: served immutable; a top-level .js file of the shell, so the page's CSP lists it.
        file = `paint-loader.${crypto.createHash('sha256').update(js).digest('hex').slice(0, 8)}.js`;
        compilation.emitAsset(file, new RawSource(js));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PaintLoader', (data) => {
        const main = data.headTags.find((t) => t.tagName === 'script' && /\/main\.[^/]*\.js$|\/main\.js$/.test(String(t.attributes.src)));
        if (!main) return data;
        const entry = String(main.attributes.src);
        const chunks = data.headTags.filter((t) => t.tagName === 'link' && t.attributes.rel === 'preload' && t.attributes.as === 'script');
        for (const t of chunks) t.attributes.fetchpriority = 'low';
        main.attributes = { defer: true, src: `/${file}`, 'data-main': entry, 'data-preload': chunks.map((t) => String(t.attributes.href)).join(' ') };
        data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: entry, fetchpriority: 'low' }));
        return data;
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
    new FontFacesPlugin(),
    new PaintLoaderPlugin(),
    // @lendline/shared (a singleton the shell provides) pulls in moment for the form engine; its
    // locale context would put every moment locale (~70 KB gzip) into the first render. Keep the
    // languages the product ships (en is built in; hi).
    new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/(hi)(\.js)?$/),
  );
  return config;
};
