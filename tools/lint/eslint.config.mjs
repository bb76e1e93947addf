// Lint of the whole repository (`npm run lint`, a step of `npm test`). Run from the repository root.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './rules/boundaries.mjs';
import noCycle from './rules/no-cycle.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'releases/**', 'data/**', 'bench/results/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'e2e/.tmp/**', 'e2e/.skew/**'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks, lendline: { rules: { boundaries, 'no-cycle': noCycle } } },
    rules: {
      'lendline/boundaries': 'error',
      'lendline/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-debugger': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The server reads its environment in one place, which validates it (server/src/config/).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'read the environment through server/src/config/ (it validates it)' }] },
  },
);
