const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_tasks',
  kind: 'remote',
  devPort: 3003,
  title: 'Lendline · tasks (standalone)',
  exposes: {
    './spa': './src/spa.tsx',
    './TaskSummary': './src/features/summary/task-summary.tsx',
    './QueriesTab': './src/features/queries/queries-tab.tsx',
    './QueryStarter': './src/features/queries/query-starter.tsx',
    './CreditTab': './src/features/credit/credit-tab.tsx',
    './ApprovalsTab': './src/features/approvals/approvals-tab.tsx',
    './DocumentsTab': './src/features/documents/documents-tab.tsx',
    './SnoozeTab': './src/features/snooze/snooze-tab.tsx',
    './WorklogsTab': './src/features/worklogs/worklogs-tab.tsx',
    './NotesTab': './src/features/notes/notes-tab.tsx',
    './RelatedTasksTab': './src/features/related/related-tasks-tab.tsx',
    './CloseTab': './src/features/close/close-tab.tsx',
  },
});
