import { parseBootData, preloadFromBootData } from '../src/boot/boot-data';
import { earlyUrls, startEarlyRequests, takeEarly } from '../src/boot/early-requests';

const REMOTES = { remotes: [{ name: 'mf_portal', remote: 'mf-portal', version: '1.0.0', manifest: '/releases/mf-portal/1.0.0/mf-manifest.json' }], updatedAt: 'x' };
const TEXTS = { lang: 'en', shell: { a: 'A' }, server: { b: { c: 'C' } } };

describe('boot data from the page', () => {
  it('reads what the server put in', () => {
    const preload = [{ href: '/releases/mf-portal/1.0.0/remoteEntry.js', as: 'script' }];
    expect(parseBootData(JSON.stringify({ remotes: REMOTES, texts: TEXTS, preload }))).toEqual({ remotes: REMOTES, texts: TEXTS, preload });
  });

  it('drops a damaged part, which the shell then fetches, and anything to preload from elsewhere', () => {
    expect(parseBootData(null)).toEqual({ remotes: null, texts: null, preload: [] });
    expect(parseBootData('{not json')).toEqual({ remotes: null, texts: null, preload: [] });
    expect(parseBootData(JSON.stringify({ remotes: { remotes: 'x' }, texts: { lang: 'en', shell: [] }, preload: 'x' }))).toEqual({ remotes: null, texts: null, preload: [] });
    const preload = [
      { href: 'https://evil.example/x.js', as: 'script' },
      { href: '//evil.example/x.js', as: 'script' },
      { href: '/ok.js', as: 'style' },
      { href: '/ok.js', as: 'script' },
    ];
    expect(parseBootData(JSON.stringify({ remotes: REMOTES, preload })).preload).toEqual([{ href: '/ok.js', as: 'script' }]);
  });

  it('preloads the named files at low priority, the manifest in CORS mode like the federation runtime’s fetch', () => {
    preloadFromBootData({ remotes: null, texts: null, preload: [{ href: '/m.json', as: 'fetch' }, { href: '/e.js', as: 'script' }] });
    const links = [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => [l.getAttribute('href'), l.getAttribute('as'), l.getAttribute('crossorigin'), l.getAttribute('fetchpriority')]);
    expect(links).toEqual([
      ['/m.json', 'fetch', 'anonymous', 'low'],
      ['/e.js', 'script', null, 'low'],
    ]);
  });
});

describe('requests sent by the entry', () => {
  const replies = (urls: string[]) =>
    jest.fn(async (url: string) => {
      urls.push(url);
      // jsdom has no Response: the two members the entry reads.
      return url.includes('Tenants') ? { ok: false, json: async () => ({}) } : { ok: true, json: async () => ({ url }) };
    }) as unknown as typeof fetch;

  beforeEach(() => localStorage.clear());

  it('asks for the public configs of the stored tenant; each reply is handed out once', async () => {
    localStorage.setItem('lendline.tenant', 'northbank');
    const urls: string[] = [];
    history.replaceState(null, '', '/');
    startEarlyRequests(replies(urls));
    expect(urls).toEqual(Object.values(earlyUrls('northbank')));
    expect(urls[0]).toBe('/setup/configs/GLOBAL/Theme?isenabled=true&tenant=northbank');
    await expect(takeEarly('theme', 'northbank')).resolves.toEqual({ url: urls[0] });
    await expect(takeEarly('theme', 'northbank')).resolves.toBeUndefined();
    // A failed reply is no reply: the caller asks through the API client.
    await expect(takeEarly('tenants')).resolves.toBeUndefined();
    // No sign-in outside the customer portal.
    await expect(takeEarly('customerToken')).resolves.toBeUndefined();
  });

  it('does not hand out a theme asked for another tenant than the one now selected', async () => {
    startEarlyRequests(replies([]));
    await expect(takeEarly('theme', 'southbank')).resolves.toBeUndefined();
  });

  it('signs the customer in on the portal when no session is stored, and only then', async () => {
    history.replaceState(null, '', '/newapplication?product_code=PL');
    const urls: string[] = [];
    startEarlyRequests(replies(urls));
    expect(urls).toContain('/tokenApi/getToken');
    await expect(takeEarly('customerToken')).resolves.toEqual({ url: '/tokenApi/getToken' });

    localStorage.setItem('lendline.session', JSON.stringify({ session: { access_token: 't' }, user: null }));
    const again: string[] = [];
    startEarlyRequests(replies(again));
    expect(again).not.toContain('/tokenApi/getToken');
  });
});
