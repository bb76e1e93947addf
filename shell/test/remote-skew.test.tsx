import { act } from '@testing-library/react';
import { createAreaApp } from '../src/areas/area-app';
import { AREAS } from '../src/areas/areas';
import { loadRemotes } from '../src/remotes/load-remotes';
import { SHELL_API } from '../src/remotes/compatibility';

const loaded: string[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
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

  it('is not mounted: the area says which version needs what, instead of a blank area', async () => {
    await loadRemotes({ remotes: [entry(SHELL_API + 1)], updatedAt: '' });
    const el = await mount();
    expect(loaded).toEqual([]);
    expect(el.querySelector('[role="alert"]')?.textContent).toContain(
      `Version mf-tasks 2.0.0 needs shell API ${SHELL_API + 1}; this page runs shell API ${SHELL_API}. Reload the page; if this stays, the release team must activate a compatible version`,
    );
  });

  it('one built for this API, or one from before releases declared it (API 1), mounts', async () => {
    for (const doc of [entry(SHELL_API), ...(SHELL_API === 1 ? [entry()] : [])]) {
      await loadRemotes({ remotes: [doc], updatedAt: '' });
      const el = await mount();
      expect(el.textContent).toBe('tasks page');
    }
    expect(loaded.length).toBeGreaterThan(0);
  });
});
