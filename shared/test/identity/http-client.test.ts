/** @jest-environment node */
import { createHttpClient } from '../../src/http/client';
import { aesDecrypt, aesEncrypt, TamperedDataError } from '../../src/crypto/aes';
import { ApiError } from '../../src/errors';

const TOKEN = '0123456789abcdef0123456789abcdef-rest-of-token';
const session = { access_token: TOKEN, sessionId: 'sid-1', refresh_token: 'r1' };

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}

describe('HTTP client: encryption and hooks', () => {
  it('sends encrypted bodies as {data} with the marker header', async () => {
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(200, { ok: true }));
    const client = createHttpClient({ getSession: () => session, fetchImpl: fetchImpl as unknown as typeof fetch, isDebug: () => false });
    await client.post('/v3/graphql', { query: '{ applications }' }, { encrypt: true });
    const init = fetchImpl.mock.calls[0][1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers['x-lendline-encrypted']).toBe('aes-cbc');
    const sent = JSON.parse(init.body as string);
    expect(Object.keys(sent)).toEqual(['data']);
    expect(JSON.parse(aesDecrypt(sent.data, TOKEN))).toEqual({ query: '{ applications }' });
  });

  it('decrypts marked responses', async () => {
    const data = aesEncrypt(JSON.stringify({ data: { count: 3 } }), TOKEN);
    const client = createHttpClient({ getSession: () => session, fetchImpl: (async () => reply(200, { data }, { 'x-lendline-encrypted': 'aes-cbc' })) as never, isDebug: () => false });
    await expect(client.get('/v3/application/A1')).resolves.toEqual({ data: { count: 3 } });
  });

  it('reports tampered responses through onTampered and rejects', async () => {
    const good = aesEncrypt('{"a":1}', TOKEN);
    const tampered = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    const onTampered = jest.fn();
    const client = createHttpClient({ getSession: () => session, fetchImpl: (async () => reply(200, { data: tampered }, { 'x-lendline-encrypted': 'aes-cbc' })) as never, isDebug: () => false, onTampered });
    await expect(client.get('/v3/application/A1')).rejects.toBeInstanceOf(TamperedDataError);
    expect(onTampered).toHaveBeenCalledTimes(1);
  });

  it('calls onUnauthorized for a 401 on a non-login request, not for login', async () => {
    const onUnauthorized = jest.fn();
    const onError = jest.fn();
    const client = createHttpClient({ getSession: () => session, fetchImpl: (async () => reply(401, { code: 401, message: 'Unauthorized' })) as never, isDebug: () => false, onUnauthorized, onError });
    await expect(client.get('/v3/users')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.post('/v3/auth/login', { username: 'x', password: 'y' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('silent requests leave the hooks alone; setHooks installs them later', async () => {
    const onError = jest.fn();
    const client = createHttpClient({ getSession: () => session, fetchImpl: (async () => reply(400, { code: 1101, message: 'Validation Failed', data: [] })) as never, isDebug: () => false });
    client.setHooks({ onError });
    await expect(client.post('/v3/application/save', {}, { silent: true })).rejects.toMatchObject({ code: 1101 });
    expect(onError).not.toHaveBeenCalled();
    await expect(client.post('/v3/application/save', {})).rejects.toMatchObject({ code: 1101 });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
