// After the client build: writes a Brotli (.br) and a gzip (.gz) copy next to each text asset of
// dist/assets over 1 KB, at the highest levels, once. The service sends the copy a browser accepts
// (Content-Encoding: br or gzip) instead of compressing the same file again on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|webmanifest)$/i;
export const MIN_BYTES = 1024;

const brotli = (raw) => zlib.brotliCompressSync(raw, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  },
});
const gzip = (raw) => zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });

/**
 * Compresses every file of `dir` (and its folders) that is text and at least MIN_BYTES; a copy that
 * would not be smaller is not written (the file is then sent as it is). Returns the sizes.
 */
export function precompress(dir) {
  const done = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const sizes = { file: path.relative(dir, file), raw: raw.length, gzip: 0, br: 0 };
    for (const [ext, compress] of [['.br', brotli], ['.gz', gzip]]) {
      const packed = compress(raw);
      if (packed.length >= raw.length) continue;
      fs.writeFileSync(file + ext, packed);
      sizes[ext === '.br' ? 'br' : 'gzip'] = packed.length;
    }
    done.push(sizes);
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const assets = path.join(web, 'dist', 'assets');
  const sizes = precompress(assets);
  const sum = (key) => sizes.reduce((n, s) => n + s[key], 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`precompressed ${sizes.length} files of dist/assets: ${kb(sum('raw'))} -> gzip ${kb(sum('gzip'))}, br ${kb(sum('br'))}`);
}
