import type { TSchema } from '@sinclair/typebox';
import type { ApplicationRule } from '../../plugins/app/application-access';
import { applicationIdIn } from '../common/application-rules';
import { errorReplies } from '../common/schemas';

const inBody = applicationIdIn('body', 'application_id');

/**
 * The options of a portal link route (links.ts, continue-later.ts): one application named in the body, reached by the
 * customer account with that application's appRefId header (`appRef`: sending a link) or with the link itself
 * (`credential`: the body carries its proof, checked by the handler), and by staff with APPLICATIONS_ACTIONS on an
 * application they may open (§6); tagged portal, with §8's error replies beside its own answer and its own refusals
 * (`refusals`: 409, 429 … described for this route).
 */
export function linkRoute<B extends TSchema, R extends TSchema, X extends Record<number, TSchema>>(
  customer: NonNullable<ApplicationRule['customer']>,
  s: { summary: string; description: string; body: B; reply: R; refusals?: X },
) {
  const application: ApplicationRule = { id: inBody, permission: 'APPLICATIONS_ACTIONS', customer };
  return {
    config: { application },
    schema: { summary: s.summary, description: s.description, tags: ['portal'], body: s.body, response: { 200: s.reply, ...errorReplies, ...(s.refusals as X) } },
  };
}
