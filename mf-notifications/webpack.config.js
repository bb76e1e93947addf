const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_notifications',
  kind: 'remote',
  devPort: 3004,
  title: 'Lendline · notifications (standalone)',
  exposes: { './spa': './src/spa.tsx', './NotificationSummary': './src/features/summary/notification-summary.tsx', './Bell': './src/features/bell/bell.tsx' },
});
