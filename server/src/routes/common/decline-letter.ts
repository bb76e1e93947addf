import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/app/auth';
import { sendDeclineLetter } from '../../domain/decline/letter';

/**
 * After a decision route committed: if it rejected the application, the applicant's decline letter is filed and
 * e-mailed (domain/decline/letter.ts). The decision stands whatever happens here; a failure is logged for staff.
 */
export async function letterIfDeclined(app: FastifyInstance, request: FastifyRequest, applicationId: string): Promise<void> {
  try {
    await sendDeclineLetter(app.db, app.files, app.notifier, currentUser(request), applicationId);
  } catch (e) {
    request.log.error({ err: e, applicationId }, 'the decline letter was not produced');
  }
}
