/** A tiny typed event bus: one per page (shared singleton), for cross-remote signals. */
type Handler<T> = (payload: T) => void;

export interface EventBus<E extends Record<string, unknown>> {
  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
}

export function createEventBus<E extends Record<string, unknown>>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as Handler<never>);
      handlers.set(event, set);
      return () => set.delete(handler as Handler<never>);
    },
    emit(event, payload) {
      handlers.get(event)?.forEach((h) => (h as Handler<typeof payload>)(payload));
    },
  };
}

export interface LendlineEvents extends Record<string, unknown> {
  'area:retry': { area: string };
  toast: { kind: 'info' | 'error' | 'success'; text: string };
  /** The server ended this session (the notification socket's LOGOUT): the shell logs out with §8's toast. */
  'session:expired': { reason: string };
  /** A notification arrived on the socket (mf-notifications): lists showing work refresh their rows and counts. */
  'notification:new': { notificationId: string; type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM'; applicationId?: string | null };
  /** A remote's active version changed (the socket's RELEASE, issue 32): the shell offers a reload. */
  'release:changed': { name: string; remote: string; version: string; previous: string | null; kind: 'activate' | 'rollback'; urgent: boolean };
}

export const eventBus = createEventBus<LendlineEvents>();
