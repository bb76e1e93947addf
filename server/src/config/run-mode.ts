/**
 * The process's run mode (NODE_ENV). Libraries read it once, when they are first loaded: graphql-js keeps its
 * development-only instanceof checks (about 3× slower list queries) unless NODE_ENV is 'production' at that moment,
 * and React's server renderer picks its production build the same way. So the server's entry point (index.ts)
 * sets it before it loads anything else; tests (jest sets 'test') and an explicit NODE_ENV are left as they are.
 */
export type RunMode = 'production' | 'development' | 'test';

/** Sets NODE_ENV to 'production' when it is unset or empty; answers the mode the process now runs in. */
export function defaultToProduction(env: NodeJS.ProcessEnv = process.env): RunMode {
  if (!env.NODE_ENV) env.NODE_ENV = 'production';
  return runMode(env);
}

/** The mode /health and the start log report: anything other than 'production' or 'test' runs as development. */
export function runMode(env: NodeJS.ProcessEnv = process.env): RunMode {
  return env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
}
