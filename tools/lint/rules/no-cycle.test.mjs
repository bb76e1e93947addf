// `node --test`: the cycle rule reads value imports (not type-only ones), finds the files that import each other,
// and leaves a chain without a way back alone; and the repository has no cycle today (the lint run says where).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join, resolve } from 'node:path';
import { cyclicComponents, resolveImport, valueImports } from './no-cycle.mjs';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../../..');

test('value imports count; type-only imports and exports do not', () => {
  const text = [
    "import { a } from './a';",
    "import type { B } from './b';",
    "import { type C, type D } from './c';",
    "import { type E, f } from './e';",
    "export { g } from './g';",
    "export type { H } from './h';",
    "import './side-effect';",
    'import {\n  x,\n  y,\n} from "./multi";',
    "const lazy = () => import('./lazy');",
  ].join('\n');
  assert.deepEqual(valueImports(text), ['./a', './e', './g', './multi', './side-effect']);
});

test('files that import each other, directly or through others, form one component; a chain does not', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', ['e']],
    ['e', []],
    ['x', ['y']],
    ['y', ['x']],
  ]);
  const component = cyclicComponents(graph);
  assert.equal(component.get('a'), component.get('b'));
  assert.equal(component.get('b'), component.get('c'));
  assert.equal(component.get('x'), component.get('y'));
  assert.notEqual(component.get('a'), component.get('x'));
  assert.equal(component.get('d'), undefined);
  assert.equal(component.get('e'), undefined);
});

test('a relative import resolves to the file TypeScript would load; a package does not', () => {
  const from = join(ROOT, 'mf-portal/src/features/fields/container-field.tsx');
  assert.equal(resolveImport(from, './child-fields'), join(ROOT, 'mf-portal/src/features/fields/child-fields.tsx'));
  assert.equal(resolveImport(from, 'react'), null);
  assert.equal(resolveImport(from, './no-such-file'), null);
});
