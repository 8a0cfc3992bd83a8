// Writes a gzip (level 9) and a brotli (quality 11) copy next to every text asset of a production build,
// so the server can send them as they are (preCompressed) instead of compressing on every request.
// Node's zlib only: no dependency.
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;
// Below about 1 KiB a compressed copy saves less than a network round trip is worth.
const MIN_BYTES = 1024;

class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and after every other plugin (html, manifest) has emitted its files.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const jobs = compilation
            .getAssets()
            .filter(({ name, source }) => COMPRESSIBLE.test(name) && source.size() >= MIN_BYTES)
            .map(async ({ name, source }) => {
              const buffer = source.buffer();
              const [gz, br] = await Promise.all([
                gzip(buffer, { level: 9 }),
                brotli(buffer, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                  },
                }),
              ]);
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
              compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
