const createConfig = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_portal',
  kind: 'remote',
  devPort: 3001,
  title: 'Lendline · portal (standalone)',
  exposes: {
    './spa': './src/spa.tsx',
    './ProductChooser': './src/features/products/product-chooser.tsx',
    // The form renderer for the backstage (rendered inside its own react-final-form <Form>).
    './FieldRenderer': './src/features/fields/field-renderer.tsx',
    './SectionForm': './src/features/fields/section-form.tsx',
  },
});
