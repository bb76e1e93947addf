import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response-serializer factory (fast-json-stringify), building one serializer per schema
 * object instead of one per route and status: every route spreads the same error replies
 * (routes/common/schemas.ts), so a start compiled ~1,650 serializers from ~180 distinct schemas — over half
 * of buildApp's time (each test file builds the app; so do the server's start and every crash-test
 * restart). A serializer depends only on its schema and the context's shared schemas, which is what one
 * factory call is given, so each call keeps its own cache.
 */
export function sharedSerializers(): Factory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const built = new WeakMap<object, ReturnType<typeof compile>>();
    return (route) => {
      const schema = route.schema as object;
      let serialize = built.get(schema);
      if (!serialize) {
        serialize = compile(route);
        built.set(schema, serialize);
      }
      return serialize;
    };
  };
}
