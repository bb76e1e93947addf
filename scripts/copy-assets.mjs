// Copies non-TS assets (SQL migrations, JSON seed data) from a source tree into the build output,
// keeping relative paths. Usage: node copy-assets.mjs <from> <to> <ext>...
import { cpSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';

const [from, to, ...exts] = process.argv.slice(2);
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (exts.some((e) => name.endsWith(e))) {
      const target = join(to, relative(from, p));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(p, target);
    }
  }
}
walk(from);
