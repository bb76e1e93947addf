import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';

/**
 * GraphQL's application(application_id) for the shared customer account gives one answer for an application that
 * exists but is not the caller's and for one that does not exist (it used to say 403 for the first and 404 for the
 * second, which told a guesser which ids are real); the REST read answers the same.
 */
let t: TestApp;
let customer: LoggedIn;
let other: { id: string; ref: string };
let mine: { id: string; ref: string };

const NOT_YOURS = { code: 403, message: 'This application is not yours' };

async function create(who: LoggedIn) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...who.headers, 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify({ product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Single' }), who.session.access_token) },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.application_id as string, ref: res.json().appRefId as string };
}

const gql = async (id: string, appRefId?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v3/graphql',
    headers: { ...customer.headers, ...(appRefId ? { appRefId } : {}) },
    payload: { query: `{ application(application_id: "${id}") { application_id } }` },
  });
  return { status: res.statusCode, body: res.json() };
};
const rest = async (id: string, appRefId?: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/v3/application/${id}`, headers: { ...customer.headers, ...(appRefId ? { appRefId } : {}) } });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  t = await createTestApp();
  customer = await loginAs(t.app, 'portal-customer');
  other = await create(await loginAs(t.app, 'portal-customer'));
  mine = await create(customer);
});
afterAll(() => t.close());

describe(`customer GraphQL application(application_id) on ${dbKind()}`, () => {
  test('a foreign application and a missing one get the same 403, with or without an appRefId', async () => {
    const missing = 'APP-DOES-NOT-EXIST-1';
    for (const ref of [undefined, mine.ref]) {
      const foreign = await gql(other.id, ref);
      expect(foreign).toEqual({ status: 403, body: NOT_YOURS });
      expect(await gql(missing, ref)).toEqual(foreign);
      // The REST read of the same ids answers alike.
      expect(await rest(other.id, ref)).toEqual(foreign);
      expect(await rest(missing, ref)).toEqual(foreign);
    }
  });

  test('the holder of the appRefId still reads its own application', async () => {
    const res = await gql(mine.id, mine.ref);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(mine.id);
  });
});
