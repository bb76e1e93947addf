// Font files are emitted by webpack's asset/resource rule (scripts/webpack/create-config.cjs): the import is the URL.
declare module '*.woff2' {
  const url: string;
  export default url;
}
