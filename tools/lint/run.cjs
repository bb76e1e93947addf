#!/usr/bin/env node
// `npm run lint`: ESLint over the repository with this folder's config.
// typescript-eslint parses with TypeScript's compiler API, which TypeScript 7 (the repository's
// type-checker) does not have. This workspace pins typescript 6.0.3; npm hoists some of the parser's
// helpers (ts-api-utils) to the root, where `require('typescript')` would find 7. So for this process
// only, every `require('typescript')` is resolved to the pinned 6.0.3.
const Module = require('node:module');
const { join } = require('node:path');

const pinned = require.resolve('typescript', { paths: [__dirname] });
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'typescript' ? pinned : resolve.call(this, request, ...rest);
};

process.chdir(join(__dirname, '../..'));
process.argv.splice(2, 0, '-c', join(__dirname, 'eslint.config.mjs'), '--max-warnings=0');
if (process.argv.length === 6) process.argv.push('.');
const pkg = require.resolve('eslint/package.json', { paths: [__dirname] });
require(join(pkg, '../bin/eslint.js'));
