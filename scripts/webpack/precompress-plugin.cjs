// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a production build, so the
// server sends compressed bytes without compressing on every request (@fastify/static preCompressed).
// Both at their highest level: the cost is paid once per build, the bytes saved on every slow phone.
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the server may send compressed. Source maps stay out: only developer tools fetch them. */
const COMPRESSIBLE = /\.(js|css|json|html|svg|txt)$/;

class PrecompressPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('Precompress', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After OPTIMIZE_TRANSFER, where Module Federation writes mf-manifest.json.
        { name: 'Precompress', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1 },
        async () => {
          const assets = compilation.getAssets().filter((a) => COMPRESSIBLE.test(a.name));
          // zlib's async calls run on libuv's thread pool: the files compress side by side.
          await Promise.all(
            assets.map(async ({ name, source }) => {
              const input = Buffer.from(source.source());
              const [br, gz] = await Promise.all([
                brotli(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } }),
                gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              compilation.emitAsset(`${name}.br`, new RawSource(br), { precompressed: 'br' });
              compilation.emitAsset(`${name}.gz`, new RawSource(gz), { precompressed: 'gzip' });
            }),
          );
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
