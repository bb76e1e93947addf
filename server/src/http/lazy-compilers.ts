import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type AnyFactory = (externalSchemas: never, options: never) => (route: never) => unknown;

/**
 * Fastify compiles every route's request validators (Ajv) and response serializers (fast-json-stringify) while the
 * app becomes ready: ~2–4 s of a 2-core machine per build, paid by every server test file although each file calls a
 * handful of the ~400 routes. Wrapped by this, a route's compiler runs on the route's first request instead; what the
 * compiled function does is unchanged (same compiler, same schema, same options, same cache).
 *
 * Opt-in (BuildOptions.lazySchemas, set by the tests' app builder): the real server keeps compiling everything at
 * start, so a schema Ajv refuses still stops it from starting (the journeys and crash tests start it that way).
 */
export function lazyCompilers<F extends ValidatorFactory | SerializerFactory>(factory: F): F {
  return ((externalSchemas: never, options: never) => {
    const compile = (factory as unknown as AnyFactory)(externalSchemas, options);
    return (route: never) => deferred(() => compile(route) as (...args: unknown[]) => unknown);
  }) as F;
}

/** The default validator factory (what Fastify uses when none is given), to wrap. */
export const defaultValidators = (): ValidatorFactory => AjvCompiler();

/**
 * A function that compiles on its first call. Fastify reads `errors` after a failed validation and passes Ajv's
 * parent data only when the validator has `schemaEnv`: both are forwarded from the compiled function.
 */
function deferred(compile: () => (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  let fn: ((...args: unknown[]) => unknown) | undefined;
  const get = () => (fn ??= compile());
  const call = (...args: unknown[]) => get()(...args);
  Object.defineProperty(call, 'errors', { get: () => (get() as { errors?: unknown }).errors });
  Object.defineProperty(call, 'schemaEnv', { get: () => (get() as { schemaEnv?: unknown }).schemaEnv });
  return call;
}
