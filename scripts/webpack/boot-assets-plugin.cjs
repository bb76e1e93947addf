// What a page's first render needs from this build, read from webpack's chunk graph (docs/
// ARCHITECTURE.md, Boot and compression).
//
// Shell (host): behind the entry's boundary (index.ts → import('./bootstrap')) the browser would only
// discover the bootstrap chunk and the packages it imports (react, react-dom…) once main.js has run.
// This plugin adds <link rel="preload" as="script"> for each of them to index.html, so they download
// side by side with main.js, and writes boot-assets.json: those files and the shared packages the
// shell provides to remotes at run time (SHELL_PROVIDES, shell/src/remotes/federation.ts).
//
// Remote: boot-assets.json lists, per expose, the shared packages its first render consumes. The
// server preloads a remote's chunks for the pages that show it: the expose's own, and those of the
// shared packages it consumes that the shell does not provide (react-router-dom for mf-portal's
// ./spa), but not the ones only its lazy routes need.
//
// Lazy imports (status pages, modals, an area's other routes) are not followed.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'BootAssets';

/**
 * Walks from the given chunk groups through the shared modules their chunks consume. A consumed
 * singleton loads the chunk of the version in the share scope: this build's provide module when it
 * has one (not the consume fallback's twin chunk), else the fallback.
 */
function walk(compilation, groups) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const m of compilation.modules) if (m.type === 'provide-module') providers.set(m._name, m);
  const files = new Set();
  const consumed = new Set();
  const seen = new Set();
  const visitGroup = (group) => group?.chunks.forEach(visitChunk);
  const visitBlocks = (m) => m.blocks.forEach((b) => visitGroup(chunkGraph.getBlockChunkGroup(b)));
  function visitChunk(chunk) {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const f of chunk.files) if (f.endsWith('.js')) files.add(f);
    for (const m of chunkGraph.getChunkModulesIterable(chunk)) {
      if (m.type !== 'consume-shared-module') continue;
      consumed.add(m.options.shareKey);
      visitBlocks(providers.get(m.options.shareKey) ?? m);
    }
  }
  groups.forEach(visitGroup);
  return { files, consumed, providers };
}

function shellAssets(compilation, sharedProvided) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get('main');
  const boundary = [];
  for (const chunk of entry.chunks) for (const m of chunkGraph.getChunkEntryModulesIterable(chunk)) for (const b of m.blocks) boundary.push(chunkGraph.getBlockChunkGroup(b));
  const { files } = walk(compilation, boundary);
  // The entry's own files are already on the page as <script defer>.
  for (const chunk of entry.chunks) for (const f of chunk.files) files.delete(f);
  // The shell provides its shared singletons at run time (shell/src/remotes/federation.ts), not through the plugin.
  return { initialScripts: [...files], sharedProvided: [...sharedProvided].sort() };
}

function remoteAssets(compilation, exposes) {
  const out = {};
  for (const expose of Object.keys(exposes)) {
    const name = expose.replace(/^\.\//, '');
    const group = compilation.namedChunkGroups.get(`__federation_expose_${name}`);
    if (group) out[name] = { sharedConsumed: [...walk(compilation, [group]).consumed].sort() };
  }
  return { exposes: out };
}

class BootAssetsPlugin {
  /** @param {{ kind: 'host' | 'remote', exposes?: Record<string, string>, sharedProvided?: string[] }} o */
  constructor(o) {
    this.o = o;
  }

  apply(compiler) {
    const { kind, exposes = {}, sharedProvided = [] } = this.o;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const publicPath = () => compilation.getPath(compilation.outputOptions.publicPath || '');
      if (kind === 'host') {
        HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
          for (const f of shellAssets(compilation, sharedProvided).initialScripts) data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: publicPath() + f }));
          return data;
        });
      }
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        let doc;
        if (kind === 'host') {
          const shell = shellAssets(compilation, sharedProvided);
          doc = { initialScripts: shell.initialScripts.map((f) => publicPath() + f), sharedProvided: shell.sharedProvided };
        } else {
          doc = remoteAssets(compilation, exposes);
        }
        compilation.emitAsset('boot-assets.json', new compiler.webpack.sources.RawSource(JSON.stringify(doc, null, 2) + '\n'));
      });
    });
  }
}

module.exports = { BootAssetsPlugin };
