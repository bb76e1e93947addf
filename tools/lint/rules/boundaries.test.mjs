// `node --test` (the lint workspace's `npm test`): each boundary refuses what crosses it and lets through the
// import next to it that does not, so a rule that stopped firing (or fired everywhere) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join, resolve } from 'node:path';
import { Linter } from 'eslint';
import boundaries, { violation } from './boundaries.mjs';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../../..');
const at = (file) => join(ROOT, file);
const refused = (file, spec, why) => assert.match(violation(at(file), spec) ?? 'allowed', why, `${file} → ${spec}`);
const allowed = (file, spec) => assert.equal(violation(at(file), spec), null, `${file} → ${spec}`);

test('a remote or the shell does not import another remote, the shell or the server', () => {
  refused('mf-applications/src/pages/list-page.tsx', 'mf-portal/src/spa', /must not import mf-portal/);
  refused('shell/src/bootstrap.tsx', '../../mf-portal/src/spa', /must not import mf-portal's source/);
  refused('mf-portal/src/features/flow/flow-context.ts', '../../../../shell/src/chrome/navigate', /must not import shell's source/);
  refused('mf-portal/src/api/portal-api.ts', '../../../server/src/domain/errors', /must not import server's source/);
  allowed('mf-portal/src/api/portal-api.ts', '@lendline/shared');
});

test('inside a remote, a feature does not import another feature', () => {
  refused('mf-applications/src/features/export/api/write-xlsx.ts', '../../lists/components/list-table', /feature 'export' must not import feature 'lists'/);
  refused('mf-portal/src/features/resume/resume-page.tsx', '../flow/step-indicator', /feature 'resume' must not import feature 'flow'/);
  allowed('mf-applications/src/features/lists/components/list-table.tsx', '../hooks/selection-store');
  allowed('mf-applications/src/features/export/api/write-xlsx.ts', '../../../api/applications-query');
  allowed('mf-applications/src/features/detail/components/field-history.tsx', '../../../lib/cell-text');
});

test('inside a remote, features and common code do not import pages/ or area/', () => {
  refused('mf-applications/src/features/lists/components/list-nav.tsx', '../../../pages/list-page', /feature code must not import pages\//);
  refused('mf-portal/src/features/resume/resume-page.tsx', '../../area/area', /feature code must not import area\//);
  refused('mf-portal/src/lib/draft-store.ts', '../pages/flow-page', /common code must not import pages\//);
  refused('mf-portal/src/ui/portal-styles.ts', '../spa', /common code must not import spa/);
  allowed('mf-portal/src/pages/staff-resume-page.tsx', './flow-page');
  allowed('mf-portal/src/area/area.tsx', '../pages/flow-page');
  allowed('mf-applications/src/spa.tsx', './area/area');
});

test('inside a remote, common code does not import a feature', () => {
  refused('mf-applications/src/api/applications-query.ts', '../features/lists/hooks/list-view-store', /common code \(api\/\) must not import feature 'lists'/);
  refused('mf-portal/src/lib/form-perf.ts', '../features/fields/field-ids', /common code \(lib\/\) must not import feature 'fields'/);
  allowed('mf-applications/src/lib/use-current-user.ts', './persisted-store');
  allowed('mf-portal/src/api/portal-api.ts', '../lib/app-ref-store');
  allowed('mf-portal/src/pages/flow-page.tsx', '../features/fields/section-form');
});

test('the shell keeps the same layers: features apart, chrome/ and pages/ composing them, lib/ api/ ui/ shared', () => {
  refused('shell/src/features/auth/login-form.tsx', '../session/session-timers', /feature 'auth' must not import feature 'session'/);
  refused('shell/src/features/session/route-guard.ts', '../../chrome/header', /feature code must not import chrome\//);
  refused('shell/src/lib/navigate.ts', '../features/errors/toasts', /common code \(lib\/\) must not import feature 'errors'/);
  allowed('shell/src/features/auth/login-form.tsx', '../../lib/navigate');
  allowed('shell/src/features/session/session-drafts.ts', '../../ui/ui-store');
  allowed('shell/src/chrome/shell-app.tsx', '../features/session/session-modals');
});

test("the server's domain does not import routes, plugins, seed, setup, http, identity or the environment", () => {
  for (const folder of ['routes', 'plugins', 'seed', 'setup', 'http', 'identity'])
    refused('server/src/domain/portal/customer-access.ts', `../../${folder}/x`, new RegExp(`the domain must not import ${folder}/`));
  refused('server/src/domain/video/gateway.ts', '../../config/video', /start-up loaders/);
  refused('server/src/domain/video/gateway.ts', '../../config/env', /start-up loaders/);
  allowed('server/src/domain/credit/config.ts', '../../config/call-time');
  allowed('server/src/domain/portal/customer-access.ts', '../errors');
  allowed('server/src/config/video.ts', '../domain/video/gateway');
  allowed('server/src/routes/portal/x.ts', '../../domain/errors');
});

test("the server imports only '@lendline/shared/contract' and '/pricing' from shared", () => {
  refused('server/src/app.ts', '@lendline/shared', /only '@lendline\/shared\/contract'/);
  refused('server/src/app.ts', '@lendline/shared/ui', /only '@lendline\/shared\/contract'/);
  allowed('server/src/domain/kfs/statement.ts', '@lendline/shared/pricing');
  refused('server/src/app.ts', '../../shared/src/contract', /shared only as '@lendline\/shared\/contract'/);
  allowed('server/src/app.ts', '@lendline/shared/contract');
});

test('the rule reports static, dynamic and re-exporting imports', () => {
  const linter = new Linter({ cwd: ROOT });
  const config = [{ plugins: { lendline: { rules: { boundaries } } }, rules: { 'lendline/boundaries': 'error' } }];
  const code = [
    "import { a } from '../../../pages/list-page';",
    "export { b } from '../../search/api/search';",
    "export * from '../../../area/area';",
    "const c = () => import('../../export/components/export-button');",
    "import { d } from '../hooks/selection-store';",
  ].join('\n');
  const messages = linter.verify(code, config, { filename: at('mf-applications/src/features/lists/components/x.js') });
  assert.deepEqual(
    messages.map((m) => m.line),
    [1, 2, 3, 4],
    JSON.stringify(messages),
  );
});
