import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Schemas every route area uses. Request parts are bounded (lengths, int4 ranges) so nothing unbounded reaches
 * SQL; replies are described so Fastify serializes them from the schema (faster, and only the named fields
 * leave the server) and @fastify/swagger publishes them at /docs/api.
 */

/** An application id as the book writes them (APP-…); 40 is far above any issued id. */
export const AppId = Type.String({ minLength: 1, maxLength: 40, description: 'Application id (application_id)' });
/** Optimistic concurrency: the version the client read; int4 in the database. */
export const VerNum = Type.Integer({ minimum: 0, maximum: 2147483647, description: 'The application version the client read (verNum)' });

/** One item of a §8 error body: shown as 'label - reason', or just the reason. */
export const ErrorItem = Type.Object({
  label: Type.Optional(Type.String()),
  reason: Type.String(),
  code: Type.Optional(Type.String({ description: 'The rule that refused (a §4 task validation error, MANDATORY_FIELD…), for programs' })),
  key: Type.Optional(Type.String({ description: 'The field the item is about' })),
  link: Type.Optional(Type.String({ description: 'Backstage address where the item is fixed (the section of the field)' })),
});

/** §8 error body: code 1100 (500), 1101 (400 and the other refusals), 1167; 401/404 bodies carry the status as code. */
export const ErrorBody = Type.Object(
  {
    code: Type.Union([Type.Integer(), Type.String()]),
    message: Type.String(),
    data: Type.Optional(Type.Array(ErrorItem)),
  },
  { $id: 'ErrorBody', description: '§8 error body. The modal lists data as "label - reason".' },
);

/** The error replies every authenticated route may give, for the document (bodies are ErrorBody). */
export const errorReplies = {
  400: Type.Ref('ErrorBody', { description: '1101 Validation Failed: bad input or a rule of the domain refused it' }),
  401: Type.Ref('ErrorBody', { description: 'No live session (access_token + sessionId)' }),
  403: Type.Ref('ErrorBody', { description: 'The §6 permission is missing' }),
  404: Type.Ref('ErrorBody', { description: 'Not found, or not one the caller may open (the same answer)' }),
  429: Type.Ref('ErrorBody', { description: 'Too many requests: see Retry-After' }),
  500: Type.Ref('ErrorBody', { description: '1100 Internal server error' }),
} as const;

/** `{ data, message? }`: the envelope most replies use. */
export const Envelope = <T extends TSchema>(data: T, extra: Record<string, TSchema> = {}) =>
  Type.Object({ data, message: Type.Optional(Type.String()), code: Type.Optional(Type.Union([Type.String(), Type.Integer()])), ...extra });

/** A value whose shape is configuration or free-form application data (documented by its description). */
export const Json = (description: string) => Type.Unknown({ description });

/** A value or null, as OpenAPI 3.0 says it (fast-json-stringify honours `nullable` and keeps the null). */
export const Nullable = <T extends TSchema>(t: T) => Type.Unsafe<Static<T> | null>({ ...t, nullable: true });
/** One of a fixed set of strings in a reply: an enum (one string to write, where a union would be tried in turn). */
export const Enum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

/** Optimistic concurrency (409): the §8 body naming both versions. */
export const Stale = Type.Ref('ErrorBody', { description: 'verNum is not the current one: reload and try again (nothing was changed)' });

/** A sub-task id: the bigserial of sub_tasks, as text (at most 18 digits, so it always fits a bigint). */
export const SubTaskId = Type.String({ pattern: '^[1-9][0-9]{0,17}$', maxLength: 18, description: 'Sub-task (query) id' });
export const TaskId = Type.String({ minLength: 1, maxLength: 60, description: 'Task id (taskId of §3 Task)' });
export const UserName = Type.String({ minLength: 1, maxLength: 80 });
export const TeamId = Type.String({ minLength: 1, maxLength: 80 });
/** Text a person wrote: not blank. */
export const Words = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

/** A form field's key, as flows configure them (also the key of an answer in a values object). */
export const FieldKey = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$', maxLength: 64 });
/** The answers of a sub-section (or a microflow's inputs): field key → value as the form holds it. */
export const FormValues = Type.Record(FieldKey, Type.Unknown(), { description: 'Form values by field key' });
