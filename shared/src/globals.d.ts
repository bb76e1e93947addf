/** Set by webpack's DefinePlugin in every browser build (scripts/webpack/create-config.cjs). */
declare const __REMOTE_NAME__: string;
declare const __REMOTE_VERSION__: string;
