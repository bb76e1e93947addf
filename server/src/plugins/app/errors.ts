import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorItem } from '@lendline/shared/contract';
import { HttpError } from '../../domain/errors';
import { recordRouteTable } from '../../http/route-table';


type SchemaError = NonNullable<FastifyError['validation']>[number];

function labelOf(error: FastifyError, v: SchemaError): string {
  const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (v.params as { missingProperty?: string })?.missingProperty;
  return [error.validationContext, where || missing].filter(Boolean).join('.') || 'request';
}

/** Reasons of schema errors at one place: literals a union allows as "must be one of A, B", the rest as they are. */
function reasonOf(errors: SchemaError[]): string {
  const literals: string[] = [];
  const others = new Set<string>();
  for (const v of errors) {
    if (v.keyword === 'const') literals.push(String((v.params as { allowedValue?: unknown }).allowedValue || '""'));
    else if (v.keyword === 'enum') literals.push(...((v.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((x) => String(x || '""')));
    else if (v.keyword !== 'anyOf') others.add(v.message ?? 'is invalid');
  }
  const parts = [...(literals.length ? [`must be one of ${literals.join(', ')}`] : []), ...others];
  return parts.join(', or ') || 'is invalid';
}

/**
 * Schema errors → §8 items. Ajv reports a failed anyOf (a union: one of some literals, a value or a list of them…)
 * as every branch's error and then the anyOf; the item is the deepest place a branch failed (a filter's bad
 * operator, not the whole filter list), with its branches' reasons together.
 */
function validationItems(error: FastifyError): ErrorItem[] {
  const all = error.validation ?? [];
  if (!all.some((v) => v.keyword === 'anyOf')) return all.map((v) => ({ label: labelOf(error, v), reason: reasonOf([v]) }));
  const depth = (v: SchemaError) => (v.instancePath || '').split('/').length;
  const deepest = Math.max(...all.map(depth));
  const byPath = new Map<string, SchemaError[]>();
  for (const v of all.filter((e) => depth(e) === deepest)) byPath.set(v.instancePath, [...(byPath.get(v.instancePath) ?? []), v]);
  return [...byPath.values()].map((errors) => ({ label: labelOf(error, errors[0]), reason: reasonOf(errors) }));
}

/**
 * A PostgreSQL error that a value sent by the client caused: SQLSTATE class 22 (data exception: text that does not
 * cast, a number out of range, invalid UTF-8, a bad date…) and 54000 (a value too large for an index row). Both
 * drivers (pg, PGlite) put the SQLSTATE in `code` next to a `severity`.
 */
export function isInputDataError(error: unknown): error is Error & { code: string } {
  for (let e = error as { code?: unknown; severity?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && typeof e.severity === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(e.code)) return true;
  }
  return false;
}

/**
 * One place turns every failure into §8's shapes: schema and body-parse errors → 400/1101 (a body over the limit
 * → 413/1101), our
 * HttpErrors as thrown, anything unexpected → 500/1100 (logged with its stack, never sent).
 * A database data exception (isInputDataError) is a net under the route schemas, which are meant to refuse such
 * values first: 400/1101 with a neutral reason (the database's message names columns and values), logged as a
 * warning so the schema that let it through can be found and tightened.
 */
export default fp(
  async (app) => {
    recordRouteTable(app); // registered before any route: sees them all
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
      if (error.validation) return reply.status(400).send({ code: 1101, message: ERROR_MESSAGES[1101], data: validationItems(error) });
      const status = error.statusCode ?? 500;
      if (status === 413) {
        // A body over BODY_LIMIT_BYTES (or a multipart part over its limit where the route did not catch it): 413 in
        // §8's validation shape, so the client's modal says what was wrong.
        return reply.status(413).send({ code: 1101, message: ERROR_MESSAGES[1101], data: [{ label: 'body', reason: 'is larger than the server accepts' }] });
      }
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type, body too large, bad content-length…: the client's fault.
        const code = status === 401 ? 401 : status === 404 ? 404 : 1101;
        const httpStatus = status === 401 || status === 404 ? status : 400;
        return reply.status(httpStatus).send({
          code,
          message: httpStatus === 400 ? ERROR_MESSAGES[1101] : error.message,
          data: httpStatus === 400 ? [{ label: 'body', reason: error.message }] : undefined,
        });
      }
      if (isInputDataError(error)) {
        request.log.warn({ err: error, route: request.routeOptions.url }, 'input reached the database and was refused there');
        return reply.status(400).send({ code: 1101, message: ERROR_MESSAGES[1101], data: [{ label: 'request', reason: 'holds a value out of range or in the wrong format' }] });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: ERROR_CODES.INTERNAL, message: ERROR_MESSAGES[1100] });
    });
  },
  { name: 'errors' },
);
