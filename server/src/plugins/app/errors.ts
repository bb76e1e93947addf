import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorBody, type ErrorItem } from '@lendline/shared/contract';

/** Error a route throws to answer a §8 body with a given HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody | Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
  }
}

export function validationFailed(items: ErrorItem[]): HttpError {
  return new HttpError(400, { code: ERROR_CODES.VALIDATION_FAILED, message: ERROR_MESSAGES[1101], data: items });
}

function validationItems(error: FastifyError): ErrorItem[] {
  return (error.validation ?? []).map((v) => {
    const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (v.params as { missingProperty?: string })?.missingProperty;
    const label = [error.validationContext, where || missing].filter(Boolean).join('.');
    return { label: label || 'request', reason: v.message ?? 'is invalid' };
  });
}

/**
 * One place turns every failure into §8's shapes: schema and body-parse errors → 400/1101, our
 * HttpErrors as thrown, anything unexpected → 500/1100 (logged with its stack, never sent).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
      if (error.validation) return reply.status(400).send({ code: 1101, message: ERROR_MESSAGES[1101], data: validationItems(error) });
      const status = error.statusCode ?? 500;
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
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: ERROR_CODES.INTERNAL, message: ERROR_MESSAGES[1100] });
    });
  },
  { name: 'errors' },
);
