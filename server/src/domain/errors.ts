import { ERROR_CODES, ERROR_MESSAGES, type ErrorBody, type ErrorItem } from '@lendline/shared/contract';

/** Error the domain (or a route) throws to answer a §8 body with a given HTTP status. */
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


/** §8 body with the 1101 code; the HTTP status says what kind of refusal it is. */
function refusal(status: number, label: string, reason: string): HttpError {
  return new HttpError(status, { code: 1101, message: ERROR_MESSAGES[1101], data: [{ label, reason }] });
}

/** A rule of the domain refuses the request (precondition, validation): 400/1101, nothing changed. */
export const refused = (label: string, reason: string) => refusal(400, label, reason);
export const refusedMany = (items: ErrorItem[]) =>
  new HttpError(400, { code: 1101, message: ERROR_MESSAGES[1101], data: items });
/** The caller lacks the role or permission: 403 with the §8 body so the client's modal explains it. */
export const forbidden = (label: string, reason: string) => refusal(403, label, reason);
export const notFound = (label: string, reason: string) => refusal(404, label, reason);
/**
 * The one answer for an application the caller may not open, and for one that does not exist: the same status and
 * body in both cases, so a refusal tells nothing about another team's record (not even that it exists).
 */
export const applicationNotFound = () => notFound('application_id', 'Application not found');
/**
 * The caller's roles lack the §6 permission the operation needs. Decided from the roles alone, before the
 * application is looked at, so the answer is the same for every application id.
 */
export const permissionMissing = (permission: string) =>
  forbidden('permission', permission === 'APPLICATIONS_ACTIONS' ? 'You have application access only: this needs APPLICATIONS_ACTIONS' : `This needs the ${permission} permission`);
/** A staff-only operation called by the customer account (decided from the caller alone, whatever the id). */
export const staffOnly = () => forbidden('application_id', 'Only staff may do this');
/**
 * Optimistic concurrency (verNum): 409 Conflict, with the §8 1101 body naming the conflict, so a
 * program can tell "someone else changed it" from bad input by the status alone, and the client's
 * §8 modal still shows the reason to the user. Nothing of the request was applied.
 */
export const staleVersion = (applicationId: string, sent: number, current: number) =>
  refusal(409, 'verNum', `Application ${applicationId} was changed by someone else: you sent verNum ${sent}, the current verNum is ${current}. Reload it and try again.`);
