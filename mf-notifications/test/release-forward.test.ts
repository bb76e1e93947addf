import { eventBus, type LendlineEvents } from '@lendline/shared';
import { wire } from '../src/realtime/notification-socket';

/** The socket's RELEASE (a remote activated or rolled back, issue 32) reaches the shell through the shared bus. */
test('RELEASE on the socket is emitted on the bus as release:changed, as the server sent it', () => {
  const handlers = new Map<string, (p: unknown) => void>();
  wire({ on: (e: string, h: (p: unknown) => void) => handlers.set(e, h), emit: () => undefined }, () => undefined);
  const got: LendlineEvents['release:changed'][] = [];
  const off = eventBus.on('release:changed', (c) => void got.push(c));
  const change = { name: 'mf_tasks', remote: 'mf-tasks', version: '1.1.0', previous: '1.0.0', kind: 'activate' as const, urgent: false };
  handlers.get('RELEASE')!(change);
  off();
  expect(got).toEqual([change]);
});
