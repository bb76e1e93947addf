import { act } from '@testing-library/react';
import { createAreaApp } from '../src/areas/area-app';
import { AREAS } from '../src/areas/areas';
import { loadRemotes } from '../src/remotes/load-remotes';
import { SHELL_API } from '../src/remotes/compatibility';

const loaded: string[] = [];
// The page's federation runtime (a lazy chunk in the build): what the area asks it for.
jest.mock('../src/remotes/federation', () => ({
  registerRemotes: () => undefined,
  loadRemote: (id: string) => {
    loaded.push(id);
    return Promise.resolve({ bootstrap: async () => undefined, mount: async ({ domElement }: { domElement: HTMLElement }) => void (domElement.textContent = 'tasks page'), unmount: async () => undefined });
  },
}));

// jsdom has no CSS.escape, which react-aria's collections use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s };

const tasks = AREAS.find((a) => a.remote === 'mf_tasks')!;
const entry = (contract?: number) => ({ name: 'mf_tasks', remote: 'mf-tasks', version: '2.0.0', manifest: '/releases/mf-tasks/2.0.0/mf-manifest.json', ...(contract ? { contract } : {}) });

async function mount(): Promise<HTMLElement> {
  document.body.innerHTML = `<div id="area-${tasks.id}"></div>`;
  const app = createAreaApp(tasks);
  await act(async () => {
    await (app.mount as (p: object) => Promise<void>)({ name: tasks.id });
  });
  return document.getElementById(`area-${tasks.id}`)!;
}

describe('a remote release built for another shell API', () => {
  beforeEach(() => void (loaded.length = 0));

  it('is not mounted: the area says which version needs a newer shell, instead of a blank area, and the console logs it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadRemotes({ remotes: [entry(SHELL_API + 1)], updatedAt: '' });
    const el = await mount();
    expect(loaded).toEqual([]);
    expect(el.querySelector('[role="alert"]')?.textContent).toContain(
      `Version mf-tasks 2.0.0 needs shell API ${SHELL_API + 1}; this page runs shell API ${SHELL_API}. This module needs a newer shell than this page runs: reload the page; if this stays, the release team must release the shell first or activate a compatible version`,
    );
    expect(warn.mock.calls.map((c) => String(c[0]))).toContain(`[lendline] refused mf_tasks 2.0.0: built for shell API ${SHELL_API + 1}, this shell serves ${SHELL_API}`);
    warn.mockRestore();
  });

  it('one built for this API, for API 2 or 1 (served too: shared only grew, they bring their own runtime) or undeclared (API 1) mounts', async () => {
    expect(SHELL_API).toBe(3);
    for (const doc of [entry(SHELL_API), entry(2), entry(1), entry()]) {
      await loadRemotes({ remotes: [doc], updatedAt: '' });
      const el = await mount();
      expect(el.textContent).toBe('tasks page');
    }
    expect(loaded.length).toBeGreaterThan(0);
  });
});
