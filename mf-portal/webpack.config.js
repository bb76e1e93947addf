const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_portal',
  kind: 'remote',
  devPort: 3001,
  title: 'Lendline · portal (standalone)',
  exposes: { './spa': './src/spa.tsx', './ProductChooser': './src/features/products/product-chooser.tsx' },
});
