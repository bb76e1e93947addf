import { staffApp } from './helpers/staff-app';
import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';

const s = staffApp(['cpa1']);

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers: { host: 'loans.test:8080', ...headers } });

describe(`setup configs on ${dbKind()}`, () => {
  test('the public configs answer without a session; others need one', async () => {
    for (const url of ['/setup/configs/Environment/Domain', '/setup/configs/Analytics/Google%20Recaptcha', '/setup/configs/Admin/Session', '/setup/configs/GLOBAL/Theme', '/setup/configs/GLOBAL/Tenants']) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 200]);
    }
    for (const url of ['/setup/configs/Admin/Features', '/setup/configs/Action/Actions', '/v3/setup_configs/PL']) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 401]);
    }
  });

  test('Admin/Session publishes the session timings (defaults of §9)', async () => {
    expect((await get('/setup/configs/Admin/Session')).json()).toEqual({ data: { validSessionTime: 900, warningBeforeSeconds: 300, warningMinExpiresIn: 900, questionTimeoutMs: 20000, activityRefreshSeconds: 60 } });
  });

  test('Environment/Domain: customerportal is this origin + /newapplication', async () => {
    expect((await get('/setup/configs/Environment/Domain?isenabled=true')).json().data).toEqual({ customerportal: 'http://loans.test:8080/newapplication' });
  });

  test('two tenants with different colours, wording and captcha', async () => {
    const lend = (await get('/setup/configs/GLOBAL/Theme')).json();
    const north = (await get('/setup/configs/GLOBAL/Theme?tenant=northbank')).json();
    expect(lend).toMatchObject({ tenant: 'lendline', verNum: 243, mode: 'SAVED', data: { primaryColor: '#1565C0' } });
    expect(north).toMatchObject({ tenant: 'northbank', data: { primaryColor: '#2E7D32' } });
    for (const theme of [lend.data, north.data]) {
      expect(Object.keys(theme.typography).sort()).toEqual(['background', 'disable', 'error', 'primary', 'secondary', 'success', 'surface']);
      expect(Object.keys(theme.styleTheme)).toEqual(expect.arrayContaining(['background', 'buttons', 'labels', 'headings', 'progressBar']));
    }
    const text = async (tenant: string) => (await get(`/setup/configs/User/StaticText?tenant=${tenant}`, s.logins.cpa1.headers)).json().data.loginHeading;
    expect(await text('lendline')).not.toBe(await text('northbank'));
    expect((await get('/setup/configs/Analytics/Google%20Recaptcha')).json()).toMatchObject({ enabled: false, data: { provider: 'self-hosted' } });
    expect((await get('/setup/configs/Analytics/Google%20Recaptcha?tenant=northbank')).json()).toMatchObject({ enabled: true });
    expect((await get('/setup/configs/GLOBAL/Tenants')).json().data.tenants.map((x: { id: string }) => x.id)).toEqual(['lendline', 'northbank']);
  });

  test('?isenabled=true hides disabled configs (200, data null, enabled false); ?configId= picks one row', async () => {
    expect((await get('/setup/configs/Chat/ChatBot', s.logins.cpa1.headers)).json().enabled).toBe(false);
    const off = await get('/setup/configs/Chat/ChatBot?isenabled=true', s.logins.cpa1.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: null, enabled: false });
    expect((await get('/setup/configs/No/SuchConfig?isenabled=true', s.logins.cpa1.headers)).statusCode).toBe(404);
    const theme = (await get('/setup/configs/GLOBAL/Theme?tenant=northbank')).json();
    const byId = (await get(`/setup/configs/GLOBAL/Theme?configId=${theme.configId}&tenant=northbank`)).json();
    expect(byId.data).toEqual(theme.data);
    expect((await get(`/setup/configs/GLOBAL/Theme?configId=999999`)).statusCode).toBe(404);
  });

  test('Admin/Features names EXTERNAL_INTEGRATION', async () => {
    expect((await get('/setup/configs/Admin/Features', s.logins.cpa1.headers)).json().data.features).toEqual([{ name: 'EXTERNAL_INTEGRATION', enabled: true }]);
  });

  test('GET /v3/setup_configs/{productCode} bundles the product’s configs per tenant', async () => {
    const res = await get('/v3/setup_configs/HL?tenant=northbank', s.logins.cpa1.headers);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['adminFeatures', 'analyticsConfigurations', 'analyticsGoogle', 'chatBotChatBot', 'globalcolorSchemes', 'productParameters', 'userExperienceStaticText'].sort());
    expect(data.globalcolorSchemes.primaryColor).toBe('#2E7D32');
    expect(data.userExperienceStaticText.appName).toBe('NorthBank Loans');
    expect(data.productParameters).toMatchObject({ maxTenureMonths: 360, maxInterestRate: 99.99 });
    expect(data.chatBotChatBot.enabled).toBe(false);
    expect(data.analyticsGoogle.recaptcha).toMatchObject({ enabled: true, siteKey: 'lendline-self-hosted' });
    expect((await get('/v3/setup_configs/NOPE', s.logins.cpa1.headers)).statusCode).toBe(404);
  });

  test('GET /assets/i18n/en.json and hi.json: the same keys, served without a session', async () => {
    const keys = (d: object, p = ''): string[] => Object.entries(d).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`])).sort();
    const en = await get('/assets/i18n/en.json');
    const hi = await get('/assets/i18n/hi.json');
    expect([en.statusCode, hi.statusCode]).toEqual([200, 200]);
    expect(en.json().session.warning).toBe('Your session will expire in next {minutes} minute. Do you wish to increase the session ?');
    // Every text in both languages. Hindi also carries the configured names in Hindi (configNames: data, not texts);
    // English carries only the teams' names (keyed by id), its other configured names being the English ones.
    const { configNames, ...hiTexts } = hi.json();
    const { configNames: enNames, ...enTexts } = en.json();
    expect(keys(hiTexts)).toEqual(keys(enTexts));
    expect(configNames.step['Data Entry']).toMatch(/[\u0900-\u097F]/);
    expect(enNames.step).toEqual({});
    expect(enNames.team.APPROVAL).toBe('Approval');
    expect(hi.json().login.submit).not.toBe(en.json().login.submit);
    expect((await get('/assets/i18n/xx.json')).statusCode).toBe(404);
    expect((await get('/assets/i18n/..%2Fen.json')).statusCode).toBe(400);
  });
});

describe('PUBLIC_URL', () => {
  const pub = testAppWith({ PUBLIC_URL: 'https://apply.lendline.example/' });

  test('sets the customer-portal origin', async () => {
    const res = await pub.app.inject({ method: 'GET', url: '/setup/configs/Environment/Domain' });
    expect(res.json().data.customerportal).toBe('https://apply.lendline.example/newapplication');
  });
});
