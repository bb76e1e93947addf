#!/usr/bin/env node
// Makes a released version of one remote active, or rolls it back, by changing the remotes document
// only: no rebuild, no restart. A running shell picks the change up on its next page load.
//   npm run activate -- mf-tasks 1.1.0
//   npm run rollback -- mf-tasks
import { activate, rollback, readDoc } from './remotes-doc.mjs';

const args = process.argv.slice(2).filter((a) => a !== '--rollback');
try {
  const doc = process.argv.includes('--rollback') ? rollback(args[0]) : activate(args[0], args[1]);
  const now = doc.remotes.find((r) => r.remote === args[0] || r.name === args[0]) ?? readDoc().remotes.find((r) => r.remote === args[0]);
  console.log(`${now.remote} is now at ${now.version}`);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
