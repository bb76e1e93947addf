import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CONFIG, DEFAULT_FLOW_VERSION, DEFAULT_LANGUAGE } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { notFound } from '../../domain/errors';
import { componentsOf, componentsWhere, fieldsConfig, fieldSetups, setupComponent } from '../../domain/config/config-service';
import { Text } from '../../domain/bounds';
import { errorReplies, Json } from '../common/schemas';
import { Component, Data, describe, FieldSetup, Ids, IdList, Lang, listOf, Mode, Ver } from './schemas';
import { route } from '../common/route';

const COMPONENT_BY_ID = '/v3/component/componentConfigs/:id';
const SETUP_COMPONENT = '/component/setup_config/:cat/:sub';

/**
 * Component and field configuration reads of §7 (Admin and configuration), at the default configuration version
 * (243) unless a ver_num is given; mode SAVED unless DRAFT is asked for. Any signed-in caller.
 */
const componentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Authentication already refuses these without a session; the check here keeps them closed if that ever changes.
  app.addHook('onRequest', async (request) => {
    currentUser(request);
  });

  app.post(CONFIG.fieldsConfig, route.platform(null, 'Field configurations of components or field keys',
      describe(CONFIG.fieldsConfig, 'The fields of componentIds, narrowed to fieldKeys (or dependency) when given, each with its componentId; labels in ?lang= where translated. Needs a session.'), {
      querystring: Type.Object({ lang: Lang }),
      body: Type.Object({ componentIds: Type.Optional(Ids), fieldKeys: Type.Optional(Ids), dependency: Type.Optional(Ids), ver_num: Type.Optional(Ver()), mode: Mode }),
      response: { 200: Data(Type.Array(Json('A field configuration (FieldConfig) with its componentId'))), ...errorReplies },
    }), async (request) => {
    const b = request.body;
    const data = await fieldsConfig(app.db, {
      componentIds: b.componentIds ?? null,
      keys: b.fieldKeys ?? b.dependency ?? null,
      verNum: b.ver_num ?? DEFAULT_FLOW_VERSION,
      mode: b.mode ?? 'SAVED',
      lang: request.query.lang ?? DEFAULT_LANGUAGE,
    });
    return { data };
  });

  app.post(CONFIG.componentsConfigs, route.platform(null, 'Components with their fields',
      describe(CONFIG.componentsConfigs, 'The components of componentIds, in that order (unknown ids left out), labels in ?lang= where translated. Needs a session.'), {
      querystring: Type.Object({ lang: Lang }),
      body: Type.Object({ componentIds: Ids, ver_num: Type.Optional(Ver()), mode: Mode }),
      response: { 200: Data(Type.Array(Component)), ...errorReplies },
    }), async (request) => {
    const b = request.body;
    return { data: await componentsOf(app.db, b.componentIds, b.ver_num ?? DEFAULT_FLOW_VERSION, b.mode ?? 'SAVED', request.query.lang ?? DEFAULT_LANGUAGE) };
  });

  app.get(CONFIG.componentConfigs, route.platform(null, 'Components of a flow or setup category',
      describe(CONFIG.componentConfigs, 'The components whose flow is ?identifier= and/or whose setup category is ?setupCategory= (all when neither is given). Needs a session.'), {
      querystring: Type.Object({ identifier: Type.Optional(Text(80)), setupCategory: Type.Optional(Text(80)), mode: Mode }),
      response: { 200: Data(Type.Array(Component)), ...errorReplies },
    }), async (request) => {
    const q = request.query;
    return { data: await componentsWhere(app.db, { identifier: q.identifier ?? null, setupCategory: q.setupCategory ?? null, mode: q.mode ?? 'SAVED' }) };
  });

  app.get(COMPONENT_BY_ID, route.platform(null, 'One component with its fields',
      describe(COMPONENT_BY_ID, 'The component {id}. Needs a session. 404 when there is none.'), {
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) }),
      querystring: Type.Object({ mode: Mode }),
      response: { 200: Data(Component), ...errorReplies },
    }), async (request) => {
    const { id } = request.params;
    const [component] = await componentsOf(app.db, [id], DEFAULT_FLOW_VERSION, request.query.mode ?? 'SAVED');
    if (!component) throw notFound('id', `No component ${id}`);
    return { data: component };
  });

  app.get(CONFIG.componentSetupConfigs, route.platform(null, 'Field setups for a component editor',
      describe(
          CONFIG.componentSetupConfigs,
          'One SAVED field per key, of the ?allowedTypes= (all §3 types when absent) minus ?skipTypes= and ?skipFields= (comma-separated), optionally of one ?setupCategory= (or ?setupCategoryType=). Needs a session.',
        ), {
      querystring: Type.Object({ skipFields: Type.Optional(IdList()), skipTypes: Type.Optional(IdList()), allowedTypes: Type.Optional(IdList()), setupCategoryType: Type.Optional(Text(80)), setupCategory: Type.Optional(Text(80)) }),
      response: { 200: Data(Type.Array(FieldSetup)), ...errorReplies },
    }), async (request) => {
    const q = request.query;
    const data = await fieldSetups(app.db, {
      allowedTypes: listOf(q.allowedTypes),
      skipTypes: listOf(q.skipTypes),
      skipFields: listOf(q.skipFields),
      setupCategory: q.setupCategory ?? q.setupCategoryType ?? null,
    });
    return { data };
  });

  app.get(SETUP_COMPONENT, route.platform(null, 'A setup component of a category',
      describe(SETUP_COMPONENT, 'The SAVED component {sub} of setup category {cat}, with its fields. Needs a session. 404 when there is none.'), {
      params: Type.Object({ cat: Type.String({ maxLength: 40 }), sub: Type.String({ maxLength: 80 }) }),
      response: { 200: Data(Component), ...errorReplies },
    }), async (request) => {
    const { cat, sub } = request.params;
    const component = await setupComponent(app.db, cat, sub);
    if (!component) throw notFound('setup_config', `No ${cat} setup config ${sub}`);
    return { data: component };
  });
};
export default componentRoutes;
