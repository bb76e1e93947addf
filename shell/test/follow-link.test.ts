import { followLink } from '../src/lib/navigate';

/** The shell's links without single-spa on the first render (issue 31): in-page for a plain click, else the browser's. */
function click(href: string, init: MouseEventInit = {}, attrs: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  document.body.appendChild(a);
  let prevented = false;
  a.addEventListener('click', (e) => {
    followLink(e as unknown as Parameters<typeof followLink>[0]);
    prevented = e.defaultPrevented;
    e.preventDefault(); // jsdom would otherwise try to navigate
  });
  a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  a.remove();
  return prevented;
}

describe('followLink', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('a plain click on a same-origin link changes the address in the page, keeping query and hash', () => {
    expect(click('/backstage/tasks?tab=mine#top')).toBe(true);
    expect(location.pathname + location.search + location.hash).toBe('/backstage/tasks?tab=mine#top');
    expect(history.length).toBeGreaterThan(1);
  });

  it('a click with a modifier, a middle click, another origin, a new-window target or a download is left to the browser', () => {
    expect(click('/backstage', { ctrlKey: true })).toBe(false);
    expect(click('/backstage', { metaKey: true })).toBe(false);
    expect(click('/backstage', { shiftKey: true })).toBe(false);
    expect(click('/backstage', { button: 1 })).toBe(false);
    expect(click('https://example.org/backstage')).toBe(false);
    expect(click('/backstage', {}, { target: '_blank' })).toBe(false);
    expect(click('/report.csv', {}, { download: '' })).toBe(false);
    expect(location.pathname).toBe('/');
  });
});
