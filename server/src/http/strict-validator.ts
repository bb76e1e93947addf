import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';

/**
 * Validator for TypeBox route schemas that does not coerce JSON bodies: Fastify's default Ajv
 * turns `{"username": 123}` into "123", but a wrong-typed field must answer 1101. Query strings,
 * params and headers are text on the wire and are still converted (e.g. ?isenabled=true).
 * Errors have Ajv's shape so the errors plugin labels them ('body.username').
 */
export const strictValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = TypeCompiler.Compile(schema);
  const convert = httpPart !== 'body';
  return (input: unknown) => {
    const value = convert ? Value.Convert(schema, Value.Default(schema, input ?? {})) : input;
    if (check.Check(value)) return { value };
    const first = check.Errors(value).First();
    const missing = first && first.value === undefined;
    return {
      error: [
        {
          keyword: missing ? 'required' : 'type',
          instancePath: first?.path ?? '',
          schemaPath: '',
          params: {},
          message: missing ? 'is required' : (first?.message ?? 'is invalid'),
        },
      ] as never,
    };
  };
};
