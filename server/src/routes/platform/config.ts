import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { CONFIG, DEFAULT_FLOW_VERSION, DEFAULT_LANGUAGE, FIELD_TYPES, TEMPLATE_TYPES, type ConfigMode } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { notFound } from '../../domain/errors';
import { componentsOf, flowConfig, flowConfigs, rulesOf } from '../../domain/config/config-service';
import { Int4, Text } from '../../http/bounds';

const Mode = Type.Optional(Type.Union([Type.Literal('SAVED'), Type.Literal('DRAFT')]));
const Lang = Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }));
const list = (v?: string) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : null);
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { maxItems: 200 });
/** Configuration versions are int columns (default 243): bounded so a large one is a 400, not a failing cast. */
const Ver = () => Int4({ minimum: 1 });
/** Comma-separated ids (flow_ids=a,b,c) and other short query text. */
const IdList = (minLength = 0) => Text(4000, minLength);
const DeviceWidth = Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 }));

/**
 * Configuration reads of §7 (Admin and configuration): flows, routes, rules, fields, components,
 * products, templates and translations — all rows of the versioned configuration tables (verNum,
 * default 243; mode SAVED unless DRAFT is asked for).
 */
const configRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    currentUser(request);
  });

  app.get('/config/flow_config_by_id/:verNum/:flowId', {
    schema: { params: Type.Object({ verNum: Ver(), flowId: Type.String({ minLength: 1, maxLength: 80 }) }), querystring: Type.Object({ mode: Mode, device_width: DeviceWidth, lang: Lang }) },
  }, async (request) => {
    const { verNum, flowId } = request.params as { verNum: number; flowId: string };
    const { mode = 'SAVED', lang } = request.query as { mode?: ConfigMode; lang?: string };
    const flow = await flowConfig(app.db, flowId, verNum, mode, lang);
    if (!flow) throw notFound('flowId', `No ${mode} flow ${flowId} at version ${verNum}`);
    return { data: flow };
  });

  app.get(CONFIG.flowConfigs, {
    schema: { querystring: Type.Object({ flow_ids: Type.Optional(IdList()), ver_num: Type.Optional(Ver()), flow_type: Type.Optional(Text(40)), mode: Mode }) },
  }, async (request) => {
    const q = request.query as { flow_ids?: string; ver_num?: number; flow_type?: string; mode?: ConfigMode };
    return { data: await flowConfigs(app.db, list(q.flow_ids), q.ver_num ?? DEFAULT_FLOW_VERSION, q.flow_type ?? null, q.mode ?? 'SAVED') };
  });

  app.get('/config/route_config/:a/:b', {
    schema: { params: Type.Object({ a: Type.String({ maxLength: 40 }), b: Type.String({ maxLength: 80 }) }), querystring: Type.Object({ flow_type: Type.Optional(Text(40)), mode: Mode, device_width: DeviceWidth, ver_num: Type.Optional(Ver()) }) },
  }, async (request) => {
    const { a, b } = request.params as { a: string; b: string };
    const q = request.query as { flow_type?: string; mode?: ConfigMode; ver_num?: number };
    const { rows } = await app.db.query(
      `SELECT config_id AS "configId", ver_num AS "verNum", mode, flow_type AS "flowType", body FROM route_configs
        WHERE config_id = $1 AND mode = $2 AND ($3::text IS NULL OR flow_type = $3) AND ver_num = $4`,
      [`${a}/${b}`, q.mode ?? 'SAVED', q.flow_type ?? null, q.ver_num ?? DEFAULT_FLOW_VERSION],
    );
    if (!rows.length) throw notFound('route_config', `No route config ${a}/${b}`);
    return { data: rows[0] };
  });

  app.get('/config/latest_route_config/:id', { schema: { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) }) } }, async (request) => {
    const { id } = request.params as { id: string };
    const { rows } = await app.db.query(
      `SELECT config_id AS "configId", ver_num AS "verNum", mode, flow_type AS "flowType", body FROM route_configs
        WHERE (config_id = $1 OR config_id LIKE '%/' || $1) AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
      [id],
    );
    if (!rows.length) throw notFound('id', `No route config for ${id}`);
    return { data: rows[0] };
  });

  app.get(CONFIG.fetchRules, { schema: { querystring: Type.Object({ flow_ids: IdList(1), ver_num: Type.Optional(Ver()), mode: Mode }) } }, async (request) => {
    const q = request.query as { flow_ids: string; ver_num?: number; mode?: ConfigMode };
    return { data: await rulesOf(app.db, list(q.flow_ids)!, q.ver_num ?? DEFAULT_FLOW_VERSION, q.mode ?? 'SAVED') };
  });

  app.post(CONFIG.fetchFlowDetails, { schema: { body: Type.Object({ flowId: Type.Optional(Text(80)), flow_ids: Type.Optional(Ids), ver_num: Type.Optional(Ver()), mode: Mode }) } }, async (request) => {
    const b = request.body as { flowId?: string; flow_ids?: string[]; ver_num?: number; mode?: ConfigMode };
    const ids = b.flow_ids ?? (b.flowId ? [b.flowId] : null);
    const flows = await flowConfigs(app.db, ids, b.ver_num ?? DEFAULT_FLOW_VERSION, null, b.mode ?? 'SAVED');
    return {
      data: flows.map((f) => ({
        flowId: f.flowId, flowName: f.flowName, flowType: f.flowType, verNum: f.verNum, mode: f.mode, product_code: f.product_code,
        sections: f.sections.map((s) => ({ sectionId: s.sectionId, name: s.name, routeName: s.routeName, subSections: s.subSections.map((ss) => ({ subSectionId: ss.subSectionId, routeName: ss.routeName })) })),
      })),
    };
  });

  app.post(CONFIG.fieldsConfig, {
    schema: { querystring: Type.Object({ lang: Lang }), body: Type.Object({ componentIds: Type.Optional(Ids), fieldKeys: Type.Optional(Ids), dependency: Type.Optional(Ids), ver_num: Type.Optional(Ver()), mode: Mode }) },
  }, async (request) => {
    const { lang = DEFAULT_LANGUAGE } = request.query as { lang?: string };
    const b = request.body as { componentIds?: string[]; fieldKeys?: string[]; dependency?: string[]; ver_num?: number; mode?: ConfigMode };
    const keys = b.fieldKeys ?? b.dependency ?? null;
    const { rows } = await app.db.query<{ component_id: string; body: Record<string, unknown> }>(
      `SELECT f.component_id, f.body, t.value AS translated FROM fields f
         LEFT JOIN translations t ON t.type = 'fields' AND t.lang = $5 AND t.key = f.key AND t.mode = f.mode AND t.ver_num = f.ver_num
          AND t.flow_id = (SELECT identifier FROM components c WHERE c.component_id = f.component_id AND c.ver_num = f.ver_num AND c.mode = f.mode)
        WHERE ($1::text[] IS NULL OR f.component_id = ANY($1)) AND ($2::text[] IS NULL OR f.key = ANY($2)) AND f.ver_num = $3 AND f.mode = $4
        ORDER BY f.component_id, f.ord`,
      [b.componentIds ?? null, keys, b.ver_num ?? DEFAULT_FLOW_VERSION, b.mode ?? 'SAVED', lang],
    );
    return { data: rows.map((r) => ({ componentId: r.component_id, ...r.body, ...((r as { translated?: string }).translated ? { label: (r as { translated?: string }).translated } : {}) })) };
  });

  app.post(CONFIG.componentsConfigs, { schema: { querystring: Type.Object({ lang: Lang }), body: Type.Object({ componentIds: Ids, ver_num: Type.Optional(Ver()), mode: Mode }) } }, async (request) => {
    const { lang = DEFAULT_LANGUAGE } = request.query as { lang?: string };
    const b = request.body as { componentIds: string[]; ver_num?: number; mode?: ConfigMode };
    return { data: await componentsOf(app.db, b.componentIds, b.ver_num ?? DEFAULT_FLOW_VERSION, b.mode ?? 'SAVED', lang) };
  });

  app.get(CONFIG.componentConfigs, { schema: { querystring: Type.Object({ identifier: Type.Optional(Text(80)), setupCategory: Type.Optional(Text(80)), mode: Mode }) } }, async (request) => {
    const q = request.query as { identifier?: string; setupCategory?: string; mode?: ConfigMode };
    const { rows } = await app.db.query<{ component_id: string }>(
      `SELECT component_id FROM components WHERE ($1::text IS NULL OR identifier = $1) AND ($2::text IS NULL OR setup_category = $2) AND mode = $3 AND ver_num = $4 ORDER BY component_id`,
      [q.identifier ?? null, q.setupCategory ?? null, q.mode ?? 'SAVED', DEFAULT_FLOW_VERSION],
    );
    return { data: await componentsOf(app.db, rows.map((r) => r.component_id), DEFAULT_FLOW_VERSION, q.mode ?? 'SAVED') };
  });

  app.get('/v3/component/componentConfigs/:id', { schema: { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) }), querystring: Type.Object({ mode: Mode }) } }, async (request) => {
    const { id } = request.params as { id: string };
    const [component] = await componentsOf(app.db, [id], DEFAULT_FLOW_VERSION, (request.query as { mode?: ConfigMode }).mode ?? 'SAVED');
    if (!component) throw notFound('id', `No component ${id}`);
    return { data: component };
  });

  // Field setups usable in a component editor, filtered by type and key.
  app.get(CONFIG.componentSetupConfigs, {
    schema: { querystring: Type.Object({ skipFields: Type.Optional(IdList()), skipTypes: Type.Optional(IdList()), allowedTypes: Type.Optional(IdList()), setupCategoryType: Type.Optional(Text(80)), setupCategory: Type.Optional(Text(80)) }) },
  }, async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const allowed = list(q.allowedTypes) ?? [...FIELD_TYPES];
    const skipTypes = list(q.skipTypes) ?? [];
    const { rows } = await app.db.query<{ key: string; field_type: string; body: unknown; component_id: string }>(
      `SELECT DISTINCT ON (f.key) f.key, f.field_type, f.body, f.component_id FROM fields f JOIN components c USING (component_id, ver_num, mode)
        WHERE f.mode = 'SAVED' AND f.ver_num = $1 AND f.field_type = ANY($2) AND NOT (f.field_type = ANY($3)) AND NOT (f.key = ANY($4))
          AND ($5::text IS NULL OR c.setup_category = $5) ORDER BY f.key, f.component_id`,
      [DEFAULT_FLOW_VERSION, allowed, skipTypes, list(q.skipFields) ?? [], q.setupCategory ?? q.setupCategoryType ?? null],
    );
    return { data: rows.map((r) => ({ key: r.key, type: r.field_type, componentId: r.component_id, config: r.body })) };
  });

  app.get('/component/setup_config/:cat/:sub', { schema: { params: Type.Object({ cat: Type.String({ maxLength: 40 }), sub: Type.String({ maxLength: 80 }) }) } }, async (request) => {
    const { cat, sub } = request.params as { cat: string; sub: string };
    const { rows } = await app.db.query<{ component_id: string }>(`SELECT component_id FROM components WHERE setup_category = $1 AND component_id = $2 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`, [cat, sub]);
    if (!rows.length) throw notFound('setup_config', `No ${cat} setup config ${sub}`);
    return { data: (await componentsOf(app.db, [sub], DEFAULT_FLOW_VERSION, 'SAVED'))[0] };
  });

  app.get(CONFIG.masterProducts, async () => {
    const { rows } = await app.db.query(
      `SELECT p.product_code, p.product_name, p.product_type_code, p.description, p.currency, p.max_joint_applicants AS "maximumJointApplicants",
              pc.ver_num AS "verNum", pc.body -> 'productParameters' AS "productParameters",
              (SELECT coalesce(json_agg(json_build_object('flowId', f.flow_id, 'flowName', f.flow_name, 'flowType', f.flow_type) ORDER BY f.flow_id), '[]') FROM flows f
                WHERE f.product_code = p.product_code AND f.mode = 'SAVED' AND f.ver_num = $1) AS flows
         FROM products p LEFT JOIN product_configs pc ON pc.product_code = p.product_code AND pc.mode = 'SAVED' AND pc.ver_num = $1
        ORDER BY p.sort_order`,
      [DEFAULT_FLOW_VERSION],
    );
    return { data: rows };
  });

  app.get(CONFIG.filterProducts, async () => {
    const { rows } = await app.db.query<{ product_code: string; product_name: string }>(`SELECT product_code, product_name FROM products WHERE enabled ORDER BY sort_order`);
    return { data: rows.map((r) => ({ label: r.product_name, value: r.product_code })) };
  });

  app.post(CONFIG.templateListAllVersion, { schema: { body: Type.Object({ templateTypesArray: Type.Optional(Type.Array(Type.Union(TEMPLATE_TYPES.map((t) => Type.Literal(t))))) }) } }, async (request) => {
    const types = (request.body as { templateTypesArray?: string[] }).templateTypesArray;
    const { rows } = await app.db.query(
      `SELECT template_id, template_name, template_type, ver_num AS "verNum", mode FROM templates WHERE ($1::text[] IS NULL OR template_type = ANY($1)) ORDER BY template_type, template_id, ver_num`,
      [types?.length ? types : null],
    );
    return { data: rows };
  });

  app.post(CONFIG.translationFetchData, { schema: { body: Type.Object({ flowId: Text(80, 1), type: Type.Union([Type.Literal('fields'), Type.Literal('components')]), lang: Lang }) } }, async (request) => {
    const b = request.body as { flowId: string; type: string; lang?: string };
    const { rows } = await app.db.query<{ key: string; value: string }>(
      `SELECT key, value FROM translations WHERE flow_id = $1 AND type = $2 AND lang = $3 AND mode = 'SAVED' ORDER BY key`,
      [b.flowId, b.type, b.lang ?? DEFAULT_LANGUAGE],
    );
    return { data: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
  });
};
export default configRoutes;
