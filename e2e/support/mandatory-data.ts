import { createDecipheriv } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

type Json = Record<string, unknown>;
interface Field { key: string; field_type_details: { type: string; mandatory?: boolean; currency_field?: string; amount_field?: boolean; internal_list?: ({ value: string } | string)[] } }

/** §9 AES-CBC: key = the first 32 characters of the access token; `iv:ciphertext` in hex (server/src/crypto/aes.ts). */
function decrypt(payload: string, accessToken: string): string {
  const [iv, data] = payload.split(':');
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(accessToken.slice(0, 32), 'utf8'), Buffer.from(iv, 'hex'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'hex')), decipher.final()]).toString('utf8');
}

async function call(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<Json> {
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  const headers = { access_token: session.access_token, sessionId: session.sessionId };
  const res = method === 'GET' ? await page.request.get(path, { headers }) : await page.request.post(path, { headers, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  const body = (await res.json()) as Json;
  // Configuration answers come encrypted with the session key (§7): {data: "iv:ciphertext"} holds the whole body.
  return typeof body.data === 'string' && /^[0-9a-f]+:[0-9a-f]+$/i.test(body.data) ? (JSON.parse(decrypt(body.data, session.access_token)) as Json) : body;
}

/** Text answers that pass the fields' patterns: the staff save applies the portal's §5 rules (issue 24). */
const VALID_TEXT: Json = { customerId: 'AB12CD34', mobile: '9876543210', email: 'asha@example.in', panNumber: 'ABCDE1234F', accountNumber: '123456789012', ifsc: 'HDFC0001234' };

/** A value that satisfies a mandatory field (presence is what step completion checks) and its pattern. */
function valueFor(f: Field): unknown {
  const d = f.field_type_details;
  const opts = d.internal_list ?? [];
  const first = opts.length ? (typeof opts[0] === 'string' ? opts[0] : opts[0].value) : 'x';
  if (d.currency_field || d.amount_field) return 300000;
  const byType: Json = {
    checkbox: true, toggle: true, slider: 24, counter: 2, date: '01/01/1990', dropdown: first, radio: first, tabs: first,
    fileUploadHub: { uploadedDocuments: [{ name: 'kyc.pdf', size: 10, type: 'application/pdf' }] }, signaturePad: { type: 'signaturePad', fileId: 'F1' },
    otp: { type: 'otp', isVerified: true }, multipleInputs: [{ name: 'x' }], financial_table: { records: [], overallTotal: 0 },
  };
  return byType[d.type] ?? VALID_TEXT[f.key] ?? 'x';
}

/**
 * Journeys about what follows data entry (queries, approvals, the next step) fill the application's mandatory fields,
 * documents, signature and consents through the staff save (as an officer keying the paper form would) so that
 * "Complete — check mandatory fields and documents", the default, lets the step through.
 */
export async function fillMandatoryData(page: Page, id: string): Promise<void> {
  const view = (await call(page, 'GET', `/v3/application/${id}`)).data as Json;
  const flow = (await call(page, 'GET', `/config/flow_config_by_id/${view.flowVerNum}/${view.flowId}?mode=SAVED`)) as Json;
  if (!('sections' in flow) && !(flow.data as Json | undefined)?.sections) throw new Error(`flow config of ${String(view.flowId)}/${String(view.flowVerNum)}: ${JSON.stringify(flow).slice(0, 300)}`);
  const config = ('sections' in flow ? flow : flow.data) as { sections: { subSections: { components?: { fields: Field[] }[] }[] }[] };
  const have = (view.customFields ?? {}) as Json;
  const values: Json = {};
  for (const s of config.sections) for (const ss of s.subSections) for (const c of ss.components ?? []) for (const f of c.fields) {
    if (f.field_type_details.mandatory && (have[f.key] == null || have[f.key] === '')) values[f.key] = valueFor(f);
  }
  await call(page, 'POST', '/v3/application/user/save_or_update', { application_id: id, verNum: view.verNum, customFields: values });
}
