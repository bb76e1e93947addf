// The libraries every part shares as one instance on the page (two copies of React, the router or a store would
// be two states). Deep imports are listed on their own: sharing react-dom does not cover react-dom/client. The UI kit
// ('@lendline/shared/ui') carries react-aria inside it; react-aria-components itself is not listed:
// a shared package cannot be tree-shaken, and the areas reach react-aria only through the kit.
const root = require('../../package.json');
const pkg = (name) => require(`${name}/package.json`).version;

const SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', 'zustand', 'zustand/vanilla', '@lendline/shared', '@lendline/shared/form-engine', '@lendline/shared/ui'];

function sharedSingletons() {
  const shared = {};
  for (const name of SINGLETONS) {
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    shared[name] = { singleton: true, requiredVersion: `^${pkg(base)}`, version: pkg(base) };
  }
  return shared;
}

// What the shell provides to remotes (shell/src/remotes/federation.ts; the server's boot page preloads a remote's
// other shared packages itself). react-router-dom and the form engine come from the first remote that needs them.
const SHELL_PROVIDES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'zustand', 'zustand/vanilla', '@lendline/shared', '@lendline/shared/ui'];

module.exports = { SINGLETONS, SHELL_PROVIDES, sharedSingletons, rootVersion: root.version };
