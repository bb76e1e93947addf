const path = require('node:path');
const createConfig = require('../scripts/webpack/create-config.cjs');
const { ServiceWorkerPlugin } = require('./webpack/service-worker-plugin.cjs');

const base = createConfig({
  dir: __dirname,
  name: 'mf_notifications',
  kind: 'remote',
  devPort: 3004,
  title: 'Lendline · notifications (standalone)',
  exposes: { './spa': './src/spa.tsx', './NotificationSummary': './src/features/summary/notification-summary.tsx', './Bell': './src/features/bell/bell.tsx' },
});

// The Web Push service worker ships in each release as notification-sw.js (served at /notification-sw.js).
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new ServiceWorkerPlugin({ source: path.join(__dirname, 'src', 'features', 'web-push', 'worker', 'service-worker.ts'), filename: 'notification-sw.js' }));
  return config;
};
