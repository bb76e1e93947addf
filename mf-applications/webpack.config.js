const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_applications',
  kind: 'remote',
  devPort: 3002,
  title: 'Lendline · applications (standalone)',
  exposes: { './spa': './src/spa.tsx', './StatusSummary': './src/features/summary/status-summary.tsx' },
});
