/**
 * The data the server painted the landing page from (issue 31): used only by the release that painted it, only for the
 * exact read path, and only while as fresh as the route lets a cache keep it; the area hydrates only then.
 */
const PATH = '/v3/portal/products?lang=en';

function page(area: unknown) {
  document.body.innerHTML = `<div id="area-portal" data-first-paint=""><section>painted</section></div><script type="application/json" id="ll-first-paint">${JSON.stringify({ path: '/newapplication', lang: 'en', area })}</script>`;
}

async function load(version = '1.0.0') {
  jest.resetModules();
  (globalThis as { __REMOTE_VERSION__?: string }).__REMOTE_VERSION__ = version;
  return import('../../src/lib/first-paint');
}

afterEach(() => jest.useRealTimers());

test("this release's painted read is used for its path, and the area hydrates", async () => {
  page({ id: 'portal', remote: 'mf-portal', version: '1.0.0', reads: { [PATH]: { data: [{ productCode: 'PL' }] } } });
  const m = await load();
  expect(m.firstPaintRead(PATH)).toEqual({ data: [{ productCode: 'PL' }] });
  expect(m.firstPaintRead('/v3/portal/products?lang=hi')).toBeNull();
  expect(m.canHydrate(document.getElementById('area-portal'), PATH)).toBe(true);
  expect(m.canHydrate(document.getElementById('area-portal'), '/v3/portal/products?lang=hi&tenant=northbank')).toBe(false);
});

test('a page painted by another release is not hydrated by this one, and its data is not used', async () => {
  page({ id: 'portal', remote: 'mf-portal', version: '1.0.0', reads: { [PATH]: { data: [] } } });
  const m = await load('1.1.0');
  expect(m.firstPaintRead(PATH)).toBeNull();
  expect(m.canHydrate(document.getElementById('area-portal'), PATH)).toBe(false);
});

test('after 300 s the painted data is no longer used: the page reads the server again', async () => {
  page({ id: 'portal', remote: 'mf-portal', version: '1.0.0', reads: { [PATH]: { data: [] } } });
  const m = await load();
  expect(m.firstPaintRead(PATH)).not.toBeNull();
  jest.useFakeTimers({ now: Date.now() + 301_000 });
  expect(m.firstPaintRead(PATH)).toBeNull();
});
