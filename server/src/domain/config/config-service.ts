import type { ComponentConfig, ConfigMode, FieldConfig, FlowConfig, Section, SubSection } from '@lendline/shared/contract';
import { DEFAULT_FLOW_VERSION, DEFAULT_LANGUAGE, FIELD_TYPES } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';

type Row = Record<string, unknown>;

/** Labels in another language replace the English ones where a translation exists. */
async function labels(q: Queryable, flowIds: string[] | null, type: 'fields' | 'components', lang: string): Promise<Map<string, string>> {
  if (lang === DEFAULT_LANGUAGE) return new Map();
  const { rows } = await q.query<{ key: string; value: string }>(
    `SELECT key, value FROM translations WHERE type = $1 AND lang = $2 AND ($3::text[] IS NULL OR flow_id = ANY($3)) AND mode = 'SAVED'`,
    [type, lang, flowIds],
  );
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function fieldsOf(q: Queryable, componentIds: string[], verNum: number, mode: ConfigMode, lang = DEFAULT_LANGUAGE): Promise<Map<string, FieldConfig[]>> {
  const { rows } = await q.query<{ component_id: string; body: FieldConfig }>(
    `SELECT component_id, body FROM fields WHERE component_id = ANY($1) AND ver_num = $2 AND mode = $3 ORDER BY component_id, ord`,
    [componentIds, verNum, mode],
  );
  const tr = await labels(q, null, 'fields', lang);
  const out = new Map<string, FieldConfig[]>();
  for (const r of rows) {
    const f = tr.has(r.body.key) ? { ...r.body, label: tr.get(r.body.key) } : r.body;
    out.set(r.component_id, [...(out.get(r.component_id) ?? []), f]);
  }
  return out;
}

export async function componentsOf(q: Queryable, componentIds: string[], verNum: number, mode: ConfigMode, lang = DEFAULT_LANGUAGE): Promise<ComponentConfig[]> {
  const { rows } = await q.query<{ component_id: string; body: Omit<ComponentConfig, 'fields'> }>(
    `SELECT component_id, body FROM components WHERE component_id = ANY($1) AND ver_num = $2 AND mode = $3`,
    [componentIds, verNum, mode],
  );
  const fields = await fieldsOf(q, componentIds, verNum, mode, lang);
  const byId = new Map(rows.map((r) => [r.component_id, { ...r.body, componentId: r.component_id, fields: fields.get(r.component_id) ?? [] }]));
  return componentIds.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}

/** Reassembles a flow (§3 / form-engine FlowConfig) from its tables. */
export async function flowConfig(q: Queryable, flowId: string, verNum = DEFAULT_FLOW_VERSION, mode: ConfigMode = 'SAVED', lang = DEFAULT_LANGUAGE): Promise<FlowConfig | null> {
  const { rows: flows } = await q.query<Row>(`SELECT * FROM flows WHERE flow_id = $1 AND ver_num = $2 AND mode = $3`, [flowId, verNum, mode]);
  if (!flows.length) return null;
  const f = flows[0];
  const { rows: sections } = await q.query<{ section_id: string; body: Omit<Section, 'subSections'> }>(
    `SELECT section_id, body FROM flow_sections WHERE flow_id = $1 AND ver_num = $2 AND mode = $3 ORDER BY ord`, [flowId, verNum, mode]);
  const { rows: subs } = await q.query<{ section_id: string; body: SubSection & { componentIds: string[] } }>(
    `SELECT section_id, body FROM flow_sub_sections WHERE flow_id = $1 AND ver_num = $2 AND mode = $3 ORDER BY ord`, [flowId, verNum, mode]);
  const components = await componentsOf(q, subs.flatMap((s) => s.body.componentIds), verNum, mode, lang);
  const byId = new Map(components.map((c) => [c.componentId, c]));
  // Section and sub-section names in the asked language, keyed by their ids (seed/domain-config.ts).
  const names = await labels(q, [flowId], 'components', lang);
  const named = <T extends { name?: string }>(x: T, id: string): T => (names.has(id) ? { ...x, name: names.get(id)! } : x);
  const body = f.body as Partial<FlowConfig>;
  return {
    flowId,
    flowName: f.flow_name as string,
    verNum,
    mode,
    flowType: f.flow_type as FlowConfig['flowType'],
    product_code: f.product_code as string,
    ...body,
    sections: sections.map((s) => ({
      ...named(s.body, s.section_id),
      subSections: subs
        .filter((ss) => ss.section_id === s.section_id)
        .map(({ body: { componentIds, ...ss } }) => ({ ...named(ss, ss.subSectionId), components: componentIds.map((id) => byId.get(id)!).filter(Boolean) })),
    })),
  };
}

export async function flowConfigs(q: Queryable, flowIds: string[] | null, verNum: number, flowType: string | null, mode: ConfigMode): Promise<FlowConfig[]> {
  const { rows } = await q.query<{ flow_id: string }>(
    `SELECT flow_id FROM flows WHERE ($1::text[] IS NULL OR flow_id = ANY($1)) AND ver_num = $2 AND mode = $3 AND ($4::text IS NULL OR flow_type = $4) ORDER BY flow_id`,
    [flowIds, verNum, mode, flowType],
  );
  const out: FlowConfig[] = [];
  for (const r of rows) out.push((await flowConfig(q, r.flow_id, verNum, mode))!);
  return out;
}

export async function rulesOf(q: Queryable, flowIds: string[], verNum: number, mode: ConfigMode = 'SAVED') {
  const { rows } = await q.query(`SELECT flow_id AS "flowId", rule_id AS "ruleId", body FROM rules WHERE flow_id = ANY($1) AND ver_num = $2 AND mode = $3 ORDER BY flow_id, rule_id`, [flowIds, verNum, mode]);
  return rows;
}

/** A flow's outline (no components): what the flow editor lists. */
export async function flowOutlines(q: Queryable, flowIds: string[] | null, verNum: number, mode: ConfigMode) {
  const flows = await flowConfigs(q, flowIds, verNum, null, mode);
  return flows.map((f) => ({
    flowId: f.flowId, flowName: f.flowName, flowType: f.flowType, verNum: f.verNum, mode: f.mode, product_code: f.product_code,
    sections: f.sections.map((s) => ({ sectionId: s.sectionId, name: s.name, routeName: s.routeName, subSections: s.subSections.map((ss) => ({ subSectionId: ss.subSectionId, routeName: ss.routeName })) })),
  }));
}

/**
 * Field configurations of components (or of field keys), each with its componentId; a label in `lang` replaces the
 * English one where the component's flow has a translation.
 */
export async function fieldsConfig(
  q: Queryable,
  f: { componentIds: string[] | null; keys: string[] | null; verNum: number; mode: ConfigMode; lang: string },
): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query<{ component_id: string; body: Record<string, unknown>; translated: string | null }>(
    `SELECT f.component_id, f.body, t.value AS translated FROM fields f
       LEFT JOIN translations t ON t.type = 'fields' AND t.lang = $5 AND t.key = f.key AND t.mode = f.mode AND t.ver_num = f.ver_num
        AND t.flow_id = (SELECT identifier FROM components c WHERE c.component_id = f.component_id AND c.ver_num = f.ver_num AND c.mode = f.mode)
      WHERE ($1::text[] IS NULL OR f.component_id = ANY($1)) AND ($2::text[] IS NULL OR f.key = ANY($2)) AND f.ver_num = $3 AND f.mode = $4
      ORDER BY f.component_id, f.ord`,
    [f.componentIds, f.keys, f.verNum, f.mode, f.lang],
  );
  return rows.map((r) => ({ componentId: r.component_id, ...r.body, ...(r.translated ? { label: r.translated } : {}) }));
}

/** Components of the default version chosen by their flow (identifier) and/or setup category, with their fields. */
export async function componentsWhere(q: Queryable, f: { identifier: string | null; setupCategory: string | null; mode: ConfigMode }): Promise<ComponentConfig[]> {
  const { rows } = await q.query<{ component_id: string }>(
    `SELECT component_id FROM components WHERE ($1::text IS NULL OR identifier = $1) AND ($2::text IS NULL OR setup_category = $2) AND mode = $3 AND ver_num = $4 ORDER BY component_id`,
    [f.identifier, f.setupCategory, f.mode, DEFAULT_FLOW_VERSION],
  );
  return componentsOf(q, rows.map((r) => r.component_id), DEFAULT_FLOW_VERSION, f.mode);
}

/** One field setup per key usable in a component editor, filtered by field type, key and setup category. */
export async function fieldSetups(
  q: Queryable,
  f: { allowedTypes: string[] | null; skipTypes: string[] | null; skipFields: string[] | null; setupCategory: string | null },
): Promise<{ key: string; type: string; componentId: string; config: unknown }[]> {
  const { rows } = await q.query<{ key: string; field_type: string; body: unknown; component_id: string }>(
    `SELECT DISTINCT ON (f.key) f.key, f.field_type, f.body, f.component_id FROM fields f JOIN components c USING (component_id, ver_num, mode)
      WHERE f.mode = 'SAVED' AND f.ver_num = $1 AND f.field_type = ANY($2) AND NOT (f.field_type = ANY($3)) AND NOT (f.key = ANY($4))
        AND ($5::text IS NULL OR c.setup_category = $5) ORDER BY f.key, f.component_id`,
    [DEFAULT_FLOW_VERSION, f.allowedTypes ?? [...FIELD_TYPES], f.skipTypes ?? [], f.skipFields ?? [], f.setupCategory],
  );
  return rows.map((r) => ({ key: r.key, type: r.field_type, componentId: r.component_id, config: r.body }));
}

/** A SAVED component of a setup category (any version) in its default-version configuration, or null. */
export async function setupComponent(q: Queryable, setupCategory: string, componentId: string): Promise<ComponentConfig | null> {
  const { rows } = await q.query(
    `SELECT 1 FROM components WHERE setup_category = $1 AND component_id = $2 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
    [setupCategory, componentId],
  );
  if (!rows.length) return null;
  return (await componentsOf(q, [componentId], DEFAULT_FLOW_VERSION, 'SAVED'))[0] ?? null;
}

let fieldIndexCache: Promise<Map<string, FieldConfig>> | null = null;
/** Every configured field by key (first definition wins): what filters and saves type-check against. */
export function fieldIndex(q: Queryable): Promise<Map<string, FieldConfig>> {
  fieldIndexCache ??= q
    .query<{ key: string; body: FieldConfig }>(`SELECT DISTINCT ON (key) key, body FROM fields WHERE mode = 'SAVED' ORDER BY key, ver_num DESC, component_id`)
    .then(({ rows }) => new Map(rows.map((r) => [r.key, r.body])))
    .catch((e) => {
      fieldIndexCache = null;
      throw e;
    });
  return fieldIndexCache;
}
