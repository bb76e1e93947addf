const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_video',
  kind: 'remote',
  devPort: 3005,
  title: 'Lendline · video (standalone)',
  exposes: { './spa': './src/spa.tsx', './VideoCall': './src/features/staff/video-call.tsx' },
});
