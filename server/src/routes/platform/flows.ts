import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CONFIG, DEFAULT_FLOW_VERSION } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { notFound } from '../../domain/errors';
import { flowConfig, flowConfigs, flowOutlines, rulesOf } from '../../domain/config/config-service';
import { latestRouteConfig, routeConfig } from '../../domain/config/route-configs';
import { Text } from '../../domain/bounds';
import { errorReplies } from '../common/schemas';
import { Data, describe, DeviceWidth, Flow, FlowOutline, Ids, IdList, Lang, listOf, Mode, RouteConfig, Rule, Ver } from './schemas';
import { route } from '../common/route';

const FLOW_BY_ID = '/config/flow_config_by_id/:verNum/:flowId';
const ROUTE_CONFIG = '/config/route_config/:a/:b';
const LATEST_ROUTE_CONFIG = '/config/latest_route_config/:id';

/**
 * Flow configuration reads of §7 (Admin and configuration): flows, their routes and rules — rows of the versioned
 * configuration tables (verNum, default 243; mode SAVED unless DRAFT is asked for). Any signed-in caller.
 */
const flowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Authentication already refuses these without a session; the check here keeps them closed if that ever changes.
  app.addHook('onRequest', async (request) => {
    currentUser(request);
  });

  app.get(FLOW_BY_ID, route.platform(null, 'A flow with its sections, components and fields',
      describe(FLOW_BY_ID, 'The flow {flowId} at version {verNum}, reassembled from its tables, labels in ?lang= where translated. Needs a session. 404 when there is no such flow in that mode and version.'), {
      params: Type.Object({ verNum: Ver(), flowId: Type.String({ minLength: 1, maxLength: 80 }) }),
      querystring: Type.Object({ mode: Mode, device_width: DeviceWidth, lang: Lang }),
      response: { 200: Data(Flow), ...errorReplies },
    }), async (request) => {
    const { verNum, flowId } = request.params;
    const { mode = 'SAVED', lang } = request.query;
    const flow = await flowConfig(app.db, flowId, verNum, mode, lang);
    if (!flow) throw notFound('flowId', `No ${mode} flow ${flowId} at version ${verNum}`);
    return { data: flow };
  });

  app.get(CONFIG.flowConfigs, route.platform(null, 'Flows, whole',
      describe(CONFIG.flowConfigs, 'The flows of ?flow_ids= (comma-separated; all when absent), optionally of one ?flow_type=, at ?ver_num= (243 when absent). Needs a session.'), {
      querystring: Type.Object({ flow_ids: Type.Optional(IdList()), ver_num: Type.Optional(Ver()), flow_type: Type.Optional(Text(40)), mode: Mode }),
      response: { 200: Data(Type.Array(Flow)), ...errorReplies },
    }), async (request) => {
    const q = request.query;
    return { data: await flowConfigs(app.db, listOf(q.flow_ids), q.ver_num ?? DEFAULT_FLOW_VERSION, q.flow_type ?? null, q.mode ?? 'SAVED') };
  });

  app.get(ROUTE_CONFIG, route.platform(null, 'The route config of a product’s flow',
      describe(ROUTE_CONFIG, 'The routes of flow {b} of product {a} (config id "{a}/{b}"), optionally of one ?flow_type=, at ?ver_num= (243 when absent). Needs a session. 404 when there is none.'), {
      params: Type.Object({ a: Type.String({ maxLength: 40 }), b: Type.String({ maxLength: 80 }) }),
      querystring: Type.Object({ flow_type: Type.Optional(Text(40)), mode: Mode, device_width: DeviceWidth, ver_num: Type.Optional(Ver()) }),
      response: { 200: Data(RouteConfig), ...errorReplies },
    }), async (request) => {
    const { a, b } = request.params;
    const q = request.query;
    const row = await routeConfig(app.db, { configId: `${a}/${b}`, mode: q.mode ?? 'SAVED', flowType: q.flow_type ?? null, verNum: q.ver_num ?? DEFAULT_FLOW_VERSION });
    if (!row) throw notFound('route_config', `No route config ${a}/${b}`);
    return { data: row };
  });

  app.get(LATEST_ROUTE_CONFIG, route.platform(null, 'The newest route config of a flow',
      describe(LATEST_ROUTE_CONFIG, 'The newest SAVED route config whose id is {id} ("HL/HL_FLOW") or ends with it ("HL_FLOW"). Needs a session. 404 when there is none.'), {
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) }),
      response: { 200: Data(RouteConfig), ...errorReplies },
    }), async (request) => {
    const { id } = request.params;
    const row = await latestRouteConfig(app.db, id);
    if (!row) throw notFound('id', `No route config for ${id}`);
    return { data: row };
  });

  app.get(CONFIG.fetchRules, route.platform(null, 'The rules of flows',
      describe(CONFIG.fetchRules, 'The rules of the flows of ?flow_ids= (comma-separated) at ?ver_num= (243 when absent). Needs a session.'), {
      querystring: Type.Object({ flow_ids: IdList(1), ver_num: Type.Optional(Ver()), mode: Mode }),
      response: { 200: Data(Type.Array(Rule)), ...errorReplies },
    }), async (request) => {
    const q = request.query;
    return { data: await rulesOf(app.db, listOf(q.flow_ids) ?? [], q.ver_num ?? DEFAULT_FLOW_VERSION, q.mode ?? 'SAVED') };
  });

  app.post(CONFIG.fetchFlowDetails, route.platform(null, 'Flow outlines: sections and sub-sections',
      describe(CONFIG.fetchFlowDetails, 'The outline (no components) of flowId or flow_ids (all flows when neither is given) at ver_num (243 when absent). Needs a session.'), {
      body: Type.Object({ flowId: Type.Optional(Text(80)), flow_ids: Type.Optional(Ids), ver_num: Type.Optional(Ver()), mode: Mode }),
      response: { 200: Data(Type.Array(FlowOutline)), ...errorReplies },
    }), async (request) => {
    const b = request.body;
    const ids = b.flow_ids ?? (b.flowId ? [b.flowId] : null);
    return { data: await flowOutlines(app.db, ids, b.ver_num ?? DEFAULT_FLOW_VERSION, b.mode ?? 'SAVED') };
  });
};
export default flowRoutes;
