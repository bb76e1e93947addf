import { FIELD_TYPES, type FieldConfig, type FlowConfig } from '@lendline/shared/contract';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesDecrypt } from '../src/crypto/aes';
import { generateApplications } from '../src/seed/generate-applications';
import { seedDemo } from '../src/seed/demo';

/** Configuration as data (seeded flows, lifecycles, table configs…), its §7 reads, and the generator. */
let t: TestApp;
let session: { headers: { access_token: string; sessionId: string }; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const s = await loginAs(t.app, 'admin');
  session = { headers: s.headers, token: s.session.access_token };
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- decrypted replies are read as loose JSON, as a client would
/** Admin responses come AES-encrypted (§7); read them as the shell does. */
async function read(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; body: Json }> {
  const res = await t.app.inject({ method, url, headers: session.headers, payload: payload as Json });
  const body = res.json() as Json;
  if (res.headers['x-lendline-encrypted'] === 'aes-cbc') return { status: res.statusCode, body: JSON.parse(aesDecrypt(body.data, session.token)) };
  return { status: res.statusCode, body };
}
const allFields = (flow: FlowConfig): FieldConfig[] =>
  flow.sections.flatMap((s) => s.subSections.flatMap((ss) => (ss.components ?? []).flatMap((c) => c.fields.flatMap((f) => [f, ...(f.fields ?? [])]))));

describe(`configuration on ${dbKind()}`, () => {
  test('three product flows of 6+ sections use every §3 field type between them', async () => {
    const flows: FlowConfig[] = [];
    for (const id of ['PL_FLOW', 'HL_FLOW', 'BL_FLOW']) {
      const res = await read('GET', `/config/flow_config_by_id/243/${id}`);
      expect(res.status).toBe(200);
      flows.push(res.body.data);
      expect(res.body.data.sections.length).toBeGreaterThanOrEqual(6);
      expect(res.body.data).toMatchObject({ flowId: id, verNum: 243, mode: 'SAVED', flowType: 'CUST_FLOW' });
    }
    const used = new Set(flows.flatMap((f) => allFields(f).map((x) => x.field_type_details.type)));
    // Issue 28: an applicant sees no slider whose range is not the product's and no countdown without an offer behind
    // it, so the seeded flows no longer carry a range or a timer field (the form engine's own tests render both).
    expect([...FIELD_TYPES].filter((ft) => !used.has(ft))).toEqual(['range', 'timer']);
    const hl = flows[1];
    const property = hl.sections.find((s) => s.sectionId === 'HL_property')!;
    expect(property.subSections[0].components![0].ruleConfigs).toEqual([
      expect.objectContaining({ type: 'CONDITIONAL_HIDE', and: [{ key: 'isPropertyFinalized', operator: 'EQUAL', value: 'No' }] }),
    ]);
    const fin = allFields(flows[2]).find((f) => f.field_type_details.type === 'financial_table')!;
    expect(fin).toMatchObject({ groupType: 'CONTAINER', groupSubType: 'NESTED_TABLE', addRow: true });
    // DRAFT mode of the same version is a separate configuration.
    const draft = await read('GET', '/config/flow_config_by_id/243/PL_FLOW?mode=DRAFT');
    expect(draft.body.data.flowName).toMatch(/draft/);
    expect((await read('GET', '/config/flow_config_by_id/999/PL_FLOW')).status).toBe(404);
  });

  test('route configs, rules, fields, components, setup configs', async () => {
    const route = await read('GET', '/config/route_config/HL/HL_FLOW?flow_type=CUST_FLOW&mode=SAVED');
    expect(route.body.data.body.routes[0]).toMatchObject({ route: 'applicant/existing_login', skipForNewCustomer: true });
    expect((await read('GET', '/config/latest_route_config/HL_FLOW')).body.data.configId).toBe('HL/HL_FLOW');
    // The id is text, not a LIKE pattern: no wildcard match, and a trailing backslash is a plain miss.
    for (const id of ['%25', 'H%25', '_L_FLOW', '%5C']) expect([id, (await read('GET', `/config/latest_route_config/${id}`)).status]).toEqual([id, 404]);
    const rules = await read('GET', '/v3/flow/fetch_rules?flow_ids=HL_FLOW,PL_FLOW&ver_num=243');
    // HL/PL_EMPLOYMENT_R1: the employer is asked of salaried applicants only (issue 28).
    expect(rules.body.data.map((r: Json) => r.ruleId).sort()).toEqual(['HL_EMPLOYMENT_R1', 'HL_PROPERTY_R1', 'PL_EMPLOYMENT_R1']);
    const flows = await read('GET', '/config/flow_configs?flow_ids=PL_FLOW,BL_FLOW&ver_num=243');
    expect(flows.body.data.map((f: Json) => f.flowId)).toEqual(['BL_FLOW', 'PL_FLOW']);
    const details = await read('POST', '/v3/flow/fetch_flowDetails', { flowId: 'BL_FLOW' });
    expect(details.body.data[0].sections.length).toBe(7);
    const fields = await read('POST', '/config/get_fields_config?lang=hi', { componentIds: ['PL_PERSONAL'] });
    expect(fields.body.data.find((f: Json) => f.key === 'firstName').label).toBe('पहला नाम');
    expect(fields.body.data.find((f: Json) => f.key === 'gender').label).toBe('लिंग');
    // Every seeded flow in Hindi: each field label, section and sub-section name is translated.
    for (const flowId of ['PL_FLOW', 'HL_FLOW', 'BL_FLOW']) {
      const [en, hi] = await Promise.all(['', '?lang=hi'].map(async (q) => (await read('GET', `/config/flow_config_by_id/243/${flowId}${q}`)).body.data));
      expect(hi.sections[0].name).toBe('आवेदक का विवरण');
      const names = (f: Json) => f.sections.flatMap((s: Json) => [s.name, ...s.subSections.map((ss: Json) => ss.name)]);
      const labels = (f: Json) => f.sections.flatMap((s: Json) => s.subSections.flatMap((ss: Json) => ss.components.flatMap((c: Json) => c.fields.map((x: Json) => x.label))));
      const untranslated = (a: string[], b: string[]) => a.filter((x, i) => x === b[i] && !/^[A-Z]{2,}/.test(x));
      expect(untranslated(names(hi), names(en))).toEqual([]);
      expect(untranslated(labels(hi), labels(en))).toEqual([]);
      expect(labels(hi).length).toBe(labels(en).length);
    }
    const comps = await read('POST', '/v3/component/componentsConfigs', { componentIds: ['HL_PROPERTY', 'BL_FINANCIALS'] });
    expect(comps.body.data.map((c: Json) => c.componentId)).toEqual(['HL_PROPERTY', 'BL_FINANCIALS']);
    expect((await read('GET', '/v3/component/componentConfigs?identifier=BL_FLOW')).body.data.length).toBeGreaterThanOrEqual(7);
    expect((await read('GET', '/v3/component/componentConfigs/HL_PROPERTY')).body.data.fields.length).toBe(10);
    const setup = await read('GET', '/v3/component/setup_configs?allowedTypes=otp,signaturePad&skipFields=mobileOtp');
    expect(setup.body.data.map((s: Json) => s.key).sort()).toEqual(['applicantSignature', 'existingCustomerOtp']);
    // 6: the staff-settable bureau toggle left the summary for the applicant's own consent records (issue 27), and the
    // offer countdown with no offer behind it went (issue 28).
    expect((await read('GET', '/component/setup_config/FORM/PL_SUMMARY')).body.data.fields.length).toBe(6);
    expect((await read('POST', '/config/get_fields_config', { componentIds: [{ id: 'PL_PERSONAL' }] })).status).toBe(400);
  });

  test('products, filters, templates and translations', async () => {
    const master = await read('GET', '/master_configs/products');
    expect(master.body.data.map((p: Json) => [p.product_code, p.flows[0].flowId, p.verNum])).toEqual([['PL', 'PL_FLOW', 243], ['HL', 'HL_FLOW', 243], ['BL', 'BL_FLOW', 243]]);
    expect(master.body.data[1].productParameters.maxTenureMonths).toBe(360);
    expect((await read('GET', '/setup/configs/FILTERS/PRODUCTS')).body.data).toEqual([{ label: 'Personal Loan', value: 'PL' }, { label: 'Home Loan', value: 'HL' }, { label: 'Business Loan', value: 'BL' }]);
    const templates = await read('POST', '/v3/template/templateListAllVersion', { templateTypesArray: ['EMAIL', 'SMS'] });
    expect(templates.body.data.map((x: Json) => x.template_type).sort()).toEqual(['EMAIL', 'EMAIL', 'SMS']);
    expect(templates.body.data[0]).toEqual(expect.objectContaining({ template_id: expect.any(String), template_name: expect.any(String), verNum: 243 }));
    expect((await read('POST', '/v3/template/templateListAllVersion', { templateTypesArray: ['FAX'] })).status).toBe(400);
    const tr = await read('POST', '/v3/translation/fetchData', { flowId: 'HL_FLOW', type: 'fields', lang: 'hi' });
    expect(tr.body.data.loanAmount).toBe('ऋण राशि');
    const en = await read('POST', '/v3/translation/fetchData', { flowId: 'HL_FLOW', type: 'components' });
    expect(en.body.data.HL_PROPERTY).toBe('Property');
    // getAllProducts (the landing page) still answers.
    expect((await t.app.inject({ method: 'GET', url: '/v3/lead/getAllProducts', headers: session.headers })).statusCode).toBe(200);
  });

  test('lifecycles: 4+ steps per product, on the docs/identity.md teams, with SLA limits', async () => {
    const { rows } = await t.app.db.query<{ product_code: string; steps: Json[] }>(`SELECT product_code, steps FROM lifecycles ORDER BY product_code`);
    expect(rows.map((r) => r.product_code)).toEqual(['BL', 'HL', 'PL']);
    for (const r of rows) {
      expect(r.steps.length).toBeGreaterThanOrEqual(4);
      for (const s of r.steps) {
        expect(['{BRANCH_CPA}', 'CREDIT', 'APPROVAL', 'OPS']).toContain(s.team);
        expect(s.sla.overallMins).toBeGreaterThan(0);
      }
    }
    const tables = await t.app.db.query<{ table_id: string }>(`SELECT table_id FROM table_configs ORDER BY table_id`);
    expect(tables.rows).toHaveLength(9);
    // The seed is idempotent.
    expect(await seedDemo(t.app.db)).toBe(false);
  });

  test('the generator spreads applications over statuses, steps, teams, users, single/joint and SLA states', async () => {
    const before = Number((await t.app.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM applications`)).rows[0].n);
    await generateApplications(t.app.db, 2000, { batchSize: 700 });
    const q = async (sql: string) => (await t.app.db.query<Json>(sql)).rows;
    expect(Number((await q(`SELECT count(*)::text AS n FROM applications`))[0].n)).toBe(before + 2000);
    expect((await q(`SELECT DISTINCT status FROM applications ORDER BY 1`)).map((r) => r.status)).toEqual(['ACTIVE', 'CANCELLED', 'COMPLETED', 'DELETED', 'INACTIVE', 'REJECTED']);
    expect((await q(`SELECT DISTINCT assigned_team FROM applications WHERE status = 'ACTIVE' ORDER BY 1`)).map((r) => r.assigned_team)).toEqual(['APPROVAL', 'CPA-NORTH', 'CPA-SOUTH', 'CREDIT', 'OPS']);
    expect((await q(`SELECT DISTINCT assigned_to FROM applications WHERE assigned_to IS NOT NULL ORDER BY 1`)).map((r) => r.assigned_to)).toEqual(['admin', 'bcm1', 'bh1', 'cpa1', 'cpa2', 'dev1']);
    expect((await q(`SELECT DISTINCT single_or_joint FROM applications ORDER BY 1`)).length).toBe(2);
    expect((await q(`SELECT DISTINCT application_type FROM applications ORDER BY 1`)).length).toBe(2);
    expect((await q(`SELECT DISTINCT step_name FROM applications`)).length).toBeGreaterThanOrEqual(6);
    const sla = (await q(`SELECT count(*) FILTER (WHERE sla_due_at < now())::int AS breached, count(*) FILTER (WHERE sla_due_at >= now())::int AS ok FROM applications WHERE status = 'ACTIVE'`))[0];
    expect(sla.breached).toBeGreaterThan(0);
    expect(sla.ok).toBeGreaterThan(0);
    // Every application has its current task, and earlier steps' tasks are completed with stopped clocks.
    expect((await q(`SELECT count(*)::int AS n FROM applications a LEFT JOIN tasks t ON t.task_id = a.cur_task_id WHERE t.task_id IS NULL`))[0].n).toBe(0);
    expect((await q(`SELECT count(*)::int AS n FROM tasks WHERE progress = 'Completed' AND (overall_end IS NULL OR assigned_end IS NULL)`))[0].n).toBe(0);
    expect((await q(`SELECT count(*)::int AS n FROM tasks WHERE queued_end > now() OR assigned_start > now()`))[0].n).toBe(0);
    // Open queries and approvals exist for the "my queries" and "my approvals" lists.
    expect((await q(`SELECT DISTINCT kind FROM sub_tasks ORDER BY 1`)).map((r) => r.kind)).toEqual(['APPROVAL', 'EXCEPTION', 'QUERY']);
  });
});
