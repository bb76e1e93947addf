// Builds mf-notifications' Web Push service worker (src/features/web-push/worker/service-worker.ts) as one plain script,
// notification-sw.js, beside remoteEntry.js in the release. A service worker is a classic script at a fixed URL with
// no webpack or Module Federation runtime, so it is transpiled on its own (swc, types stripped) instead of being a
// webpack entry; it must import nothing at run time (type-only imports are erased). The server serves the active
// release's file at /notification-sw.js (server/src/routes/notifications/service-worker.ts).
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { parseSync, transformSync } = require('@swc/core');

class ServiceWorkerPlugin {
  /** @param {{ source: string, filename: string }} o */
  constructor(o) {
    this.o = o;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.fileDependencies.add(this.o.source);
      compilation.hooks.processAssets.tap({ name: 'ServiceWorkerPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const out = transformSync(readFileSync(this.o.source, 'utf8'), {
          filename: path.basename(this.o.source),
          jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
          minify: compiler.options.mode === 'production',
          sourceMaps: false,
        });
        // swc marks a file that had (type-only) imports as a module with a trailing `export {}`: a classic script
        // cannot have it. Anything else that makes it a module is an error (parsed again as a script to be sure).
        const code = out.code.replace(/export\s*\{\s*\}\s*;?\s*$/, '');
        try {
          parseSync(code, { syntax: 'ecmascript', isModule: false, target: 'es2020' });
        } catch (err) {
          compilation.errors.push(new compiler.webpack.WebpackError(`${this.o.source}: a service worker must be a classic script (no run-time import or export): ${err}`));
          return;
        }
        compilation.emitAsset(this.o.filename, new RawSource(code));
      });
    });
  }
}

module.exports = { ServiceWorkerPlugin };
