// Import boundaries of the repository, as one rule (a linter plugin for zones would be a dependency
// for ~50 lines). An import is resolved against the importing file and refused when it crosses:
//  - a remote (mf-*) or the shell into another remote's or the shell's source (they meet only through
//    Module Federation and @lendline/shared);
//  - inside a remote or the shell, a feature folder (<pkg>/src/features/<f>) into another feature: shared code goes to a
//    common folder, and pages that compose several features live outside features/;
//  - inside a remote or the shell, the layers point one way: area/, areas/, chrome/ and pages/ (the composition) → features/ → common
//    folders (api/, lib/, ui/: any other folder of src/). Features and common code do not import pages/ or
//    area/, and common code does not import a feature;
//  - the server's domain into routes, plugins, seed, setup, http/ or identity/, or config/'s start-up loaders;
//  - the server into @lendline/shared beyond its React-free entries ('@lendline/shared/contract', '/pricing').
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../../..');
const FRONT = new Set(['shell', 'mf-portal', 'mf-applications', 'mf-tasks', 'mf-notifications', 'mf-video']);
const DOMAIN_MUST_NOT_IMPORT = ['routes', 'plugins', 'seed', 'setup', 'http', 'identity'];
/** The environment is read by config/: its start-up loaders hand the domain values; only its call-time reads (secrets named by configuration) may be imported by the domain. */
const DOMAIN_MAY_IMPORT_FROM_CONFIG = new Set(['call-time.ts', 'call-time']);
const COMPOSITION = new Set(['pages', 'area', 'areas', 'chrome']);
/** The entries of @lendline/shared with no React and no browser global: all the server may import. */
const SERVER_SHARED = new Set(['@lendline/shared/contract', '@lendline/shared/pricing']);

/** The layer of a remote's source file: 'composition' (area/, pages/, src/*.tsx), 'feature' or 'common'. */
function layerOf(parts) {
  if (parts.length <= 3 || COMPOSITION.has(parts[2])) return 'composition';
  return parts[2] === 'features' ? 'feature' : 'common';
}

/** 'mf-portal/src/features/flow/x.ts' → its parts from the repository root. */
const partsOf = (abs) => relative(ROOT, abs).split(sep);

function violation(fromFile, spec) {
  const from = partsOf(fromFile);
  const pkg = from[0];
  if (!spec.startsWith('.')) {
    const bare = spec.split('/')[0];
    if (FRONT.has(pkg) && FRONT.has(bare) && bare !== pkg) return `${pkg} must not import ${bare}: use Module Federation or @lendline/shared`;
    if (pkg === 'server' && spec.startsWith('@lendline/shared') && !SERVER_SHARED.has(spec))
      return "the server imports only '@lendline/shared/contract' and '/pricing' (React-free) from shared";
    return null;
  }
  const to = partsOf(resolve(dirname(fromFile), spec));
  if (FRONT.has(pkg) && to[0] !== pkg && (FRONT.has(to[0]) || to[0] === 'server'))
    return `${pkg} must not import ${to[0]}'s source: use Module Federation or @lendline/shared`;
  if (pkg === 'server' && to[0] === 'shared') return "the server imports shared only as '@lendline/shared/contract' or '/pricing'";
  if (FRONT.has(pkg) && from[1] === 'src' && from[2] === 'features' && to[0] === pkg && to[1] === 'src' && to[2] === 'features' && to[3] !== from[3] && from.length > 4)
    return `feature '${from[3]}' must not import feature '${to[3]}': move what both use to a common folder`;
  if (FRONT.has(pkg) && from[1] === 'src' && to[0] === pkg && to[1] === 'src') {
    const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
    if (fromLayer !== 'composition' && toLayer === 'composition')
      return `${fromLayer} code must not import ${to[2]}/: pages compose features, not the other way round`;
    if (fromLayer === 'common' && toLayer === 'feature') return `common code (${from[2]}/) must not import feature '${to[3]}': it is shared by the features`;
  }
  if (pkg === 'server' && from[1] === 'src' && from[2] === 'domain' && to[0] === 'server' && to[1] === 'src' && DOMAIN_MUST_NOT_IMPORT.includes(to[2]))
    return `the domain must not import ${to[2]}/: it is called by them, not the other way round`;
  if (pkg === 'server' && from[1] === 'src' && from[2] === 'domain' && to[0] === 'server' && to[1] === 'src' && to[2] === 'config' && !DOMAIN_MAY_IMPORT_FROM_CONFIG.has(to[3]))
    return "the domain must not import the environment's start-up loaders (config/): it is given the settings as values";
  return null;
}

export default {
  meta: { type: 'problem', docs: { description: 'repository import boundaries' }, schema: [] },
  create(context) {
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const why = violation(context.filename, spec);
      if (why) context.report({ node: node.source, message: why });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
export { violation };
