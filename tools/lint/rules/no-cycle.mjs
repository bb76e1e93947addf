// Import cycles between source files (`lendline/no-cycle`). A cycle makes the load order decide which module sees the
// other half-initialised, and two files that need each other are one concern split in two. Only static imports
// of values count: `import type` is erased, and `import()` loads lazily by design.
// The graph is read once per lint run (every source file's relative imports, by a regular expression), its
// strongly connected components found by Tarjan's algorithm, and each import that stays inside a component is
// reported with the cycle it closes. (eslint-plugin-import-x's no-cycle does the same with a resolver and a
// dependency tree; this is ~100 lines over what the boundaries rule already resolves.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../../..');
const SKIP = new Set(['node_modules', 'dist', 'releases', 'data', '.git', 'test-results', 'playwright-report', '.data']);
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

/** The file a relative specifier names, as TypeScript and webpack resolve it; null for a package or a missing file. */
export function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// import/export … from '…' (not `import type`/`export type`, not a list of type-only names) and bare `import '…'`.
const FROM = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const onlyTypes = (clause) => /^\{[\s\S]*\}$/.test(clause.trim()) && clause.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'));

/** The value imports of a source text: the specifiers, in order. */
export function valueImports(text) {
  const specs = [];
  for (const m of text.matchAll(FROM)) if (!m[2] && !onlyTypes(m[3])) specs.push(m[4]);
  for (const m of text.matchAll(BARE)) specs.push(m[1]);
  return specs;
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.ci') continue;
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) sourceFiles(join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name)) out.push(join(dir, entry.name));
  }
  return out;
}

/** Tarjan's strongly connected components: file → the id of its component, for components of two files or more. */
export function cyclicComponents(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let next = 0;
  let id = 0;
  const visit = (v) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [[v, 0]];
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const w = edges[i];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const members = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          members.push(w);
        } while (w !== node);
        if (members.length > 1) {
          id++;
          for (const m of members) component.set(m, id);
        }
      }
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return component;
}

/** The shortest path from `from` to `to` through files of one component (the cycle an import closes). */
function pathWithin(graph, component, from, to) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of graph.get(v) ?? []) if (!prev.has(w) && component.get(w) === component.get(from)) (prev.set(w, v), queue.push(w));
  }
  const path = [];
  for (let v = to; v; v = prev.get(v)) path.unshift(v);
  return path;
}

let cached = null;
function repository() {
  if (cached) return cached;
  const graph = new Map();
  for (const file of sourceFiles(ROOT)) {
    const targets = valueImports(readFileSync(file, 'utf8')).map((s) => resolveImport(file, s)).filter(Boolean);
    graph.set(file, [...new Set(targets)]);
  }
  cached = { graph, component: cyclicComponents(graph) };
  return cached;
}

export default {
  meta: { type: 'problem', docs: { description: 'no import cycles between source files' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')) return;
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = resolveImport(file, spec);
      if (!target) return;
      const { graph, component } = repository();
      const mine = component.get(file);
      if (!mine || component.get(target) !== mine) return;
      const cycle = pathWithin(graph, component, target, file).map((f) => relative(ROOT, f));
      context.report({ node: node.source, message: `import cycle: ${relative(ROOT, file)} → ${cycle.join(' → ')}` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
