import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CONFIG, DEFAULT_LANGUAGE, TEMPLATE_TYPES } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { templateVersions } from '../../domain/config/templates';
import { flowTranslations } from '../../domain/config/translations';
import { Text } from '../../domain/bounds';
import { errorReplies } from '../common/schemas';
import { Data, describe, Lang, TemplateVersion } from './schemas';
import { route } from '../common/route';

/** The texts of configuration: the templates' versions (mail, SMS, PDF, HTML) and a flow's translations. */
const textRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Authentication already refuses these without a session; the check here keeps them closed if that ever changes.
  app.addHook('onRequest', async (request) => {
    currentUser(request);
  });

  app.post(CONFIG.templateListAllVersion, route.platform(null, 'Every version of the templates',
      describe(CONFIG.templateListAllVersion, `The versions of the templates of templateTypesArray (${TEMPLATE_TYPES.join(', ')}; all when absent or empty). Needs a session. 400/1101 for another type.`), {
      body: Type.Object({ templateTypesArray: Type.Optional(Type.Array(Type.Union(TEMPLATE_TYPES.map((t) => Type.Literal(t))))) }),
      response: { 200: Data(Type.Array(TemplateVersion)), ...errorReplies },
    }), async (request) => ({ data: await templateVersions(app.db, request.body.templateTypesArray ?? null) }));

  app.post(CONFIG.translationFetchData, route.platform(null, 'A flow’s translations',
      describe(CONFIG.translationFetchData, 'The SAVED translations of flowId: field labels (type fields) or section, sub-section and component names (type components) in lang (en when absent), key → text. Needs a session.'), {
      body: Type.Object({ flowId: Text(80, 1), type: Type.Union([Type.Literal('fields'), Type.Literal('components')]), lang: Lang }),
      response: { 200: Data(Type.Record(Type.String(), Type.String(), { description: 'key → translated text' })), ...errorReplies },
    }), async (request) => {
    const b = request.body;
    return { data: await flowTranslations(app.db, b.flowId, b.type, b.lang ?? DEFAULT_LANGUAGE) };
  });
};
export default textRoutes;
