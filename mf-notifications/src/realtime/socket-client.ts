/**
 * A small socket.io (protocol 5, Engine.IO 4) client over WebSocket only. socket.io-client would add about
 * 13 KB gzip to this remote on every backstage page (the bell is in the header), which is past the 40 KB
 * budget; the §7 socket needs only events with JSON payloads, so the protocol subset is a few lines.
 * Packets: Engine.IO 0 open, 2 ping, 3 pong, 4 message; Socket.IO 0 connect, 1 disconnect, 2 event,
 * 4 connect error.
 */
export type Handler = (payload: unknown) => void;

export interface SocketOptions {
  url: string;
  /** Read at every (re)connect, so a refreshed token is used. Null: do not connect. */
  auth: () => Record<string, string> | null;
  WebSocketImpl?: typeof WebSocket;
  /** Backoff of the reconnect delays (ms): 1 s, 2 s, 4 s … at most maxDelay. */
  baseDelay?: number;
  maxDelay?: number;
}

export interface MiniSocket {
  on(event: string, handler: Handler): () => void;
  emit(event: string, payload?: unknown): void;
  close(): void;
  readonly connected: boolean;
}

export function socketUrl(loc: Pick<Location, 'protocol' | 'host'>, path = '/socket.io/'): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${path}?EIO=4&transport=websocket`;
}

/** Connects and keeps reconnecting (with backoff) until close(); 'connect', 'disconnect' and 'connect_error' are local events. */
export function connectSocket(opts: SocketOptions): MiniSocket {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const handlers = new Map<string, Set<Handler>>();
  let ws: WebSocket | null = null;
  let connected = false;
  let closed = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let deadTimer: ReturnType<typeof setTimeout> | undefined;

  const fire = (event: string, payload?: unknown) => handlers.get(event)?.forEach((h) => h(payload));

  function scheduleRetry() {
    if (closed || retryTimer) return;
    const delay = Math.min((opts.baseDelay ?? 1000) * 2 ** attempts, opts.maxDelay ?? 10_000);
    attempts++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, delay);
  }

  function dropped() {
    clearTimeout(deadTimer);
    if (connected) fire('disconnect');
    connected = false;
    ws = null;
    scheduleRetry();
  }

  function open() {
    const auth = opts.auth();
    if (closed || !auth) return;
    const sock = new WS(opts.url);
    ws = sock;
    sock.onmessage = (m) => {
      if (ws !== sock) return;
      const text = String(m.data);
      const kind = text[0];
      if (kind === '0') {
        // Engine.IO open: the server pings every pingInterval; silence past that plus pingTimeout is a dead link.
        const { pingInterval = 25_000, pingTimeout = 20_000 } = JSON.parse(text.slice(1)) as { pingInterval?: number; pingTimeout?: number };
        const watch = () => {
          clearTimeout(deadTimer);
          deadTimer = setTimeout(() => sock.close(), pingInterval + pingTimeout);
        };
        (sock as WebSocket & { watch?: () => void }).watch = watch;
        watch();
        sock.send('40' + JSON.stringify(auth));
      } else if (kind === '2') {
        (sock as WebSocket & { watch?: () => void }).watch?.();
        sock.send('3');
      } else if (kind === '4') {
        const type = text[1];
        const body = text.slice(2);
        if (type === '0') {
          connected = true;
          attempts = 0;
          fire('connect');
        } else if (type === '4') {
          fire('connect_error', body ? JSON.parse(body) : null);
          sock.close();
        } else if (type === '1') {
          sock.close();
        } else if (type === '2') {
          const [event, payload] = JSON.parse(body) as [string, unknown];
          fire(event, payload);
        }
      }
    };
    sock.onclose = () => {
      if (ws === sock) dropped();
    };
    sock.onerror = () => sock.close();
  }

  open();
  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
    emit(event, payload) {
      if (!ws || !connected) return;
      ws.send('42' + JSON.stringify(payload === undefined ? [event] : [event, payload]));
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(deadTimer);
      const sock = ws;
      ws = null;
      connected = false;
      sock?.close();
    },
    get connected() {
      return connected;
    },
  };
}
