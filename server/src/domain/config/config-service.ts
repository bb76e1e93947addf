import type { ComponentConfig, ConfigMode, FieldConfig, FlowConfig, Section, SubSection } from '@lendline/shared/contract';
import { DEFAULT_FLOW_VERSION, DEFAULT_LANGUAGE } from '@lendline/shared/contract';
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
