const createConfig = require('../scripts/webpack/create-config.cjs');

// The host: no remote URL at build time; remotes come from GET /config/remotes at boot.
module.exports = createConfig({ dir: __dirname, name: 'shell', kind: 'host', devPort: 3000, title: 'Lendline' });
