import { connectSocket, socketUrl } from '../src/realtime/socket-client';

/** A WebSocket double: records what the client sends; the test plays the server. */
class FakeWs {
  static all: FakeWs[] = [];
  sent: string[] = [];
  closed = false;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeWs.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  server(text: string) {
    this.onmessage?.({ data: text });
  }
}
const OPEN = '0{"sid":"e1","pingInterval":25000,"pingTimeout":20000}';
const last = () => FakeWs.all[FakeWs.all.length - 1];

beforeEach(() => {
  FakeWs.all = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

function start(auth: () => Record<string, string> | null = () => ({ access_token: 'tok', sessionId: 's1' })) {
  return connectSocket({ url: 'ws://h/socket.io/?EIO=4&transport=websocket', auth, WebSocketImpl: FakeWs as unknown as typeof WebSocket });
}

test('the URL is same-origin websocket, wss under https', () => {
  expect(socketUrl({ protocol: 'http:', host: 'a:1' })).toBe('ws://a:1/socket.io/?EIO=4&transport=websocket');
  expect(socketUrl({ protocol: 'https:', host: 'a' })).toBe('wss://a/socket.io/?EIO=4&transport=websocket');
});

test('handshake with the auth payload, events both ways, ping answered', () => {
  const s = start();
  const got: unknown[] = [];
  s.on('connect', () => got.push('connect'));
  s.on('NEW', (p) => got.push(p));
  s.emit('UPDATE_COUNT', {}); // before the connect: dropped
  last().server(OPEN);
  expect(last().sent).toEqual(['40{"access_token":"tok","sessionId":"s1"}']);
  last().server('40{"sid":"x"}');
  expect(s.connected).toBe(true);
  last().server('42["NEW",{"notificationId":"7"}]');
  s.emit('UPDATE_VIEW', { notificationId: '7' });
  last().server('2');
  expect(got).toEqual(['connect', { notificationId: '7' }]);
  expect(last().sent.slice(1)).toEqual(['42["UPDATE_VIEW",{"notificationId":"7"}]', '3']);
});

test('a dropped link reconnects with backoff and the current credentials; close() stops it', () => {
  let token = 'tok';
  const s = start(() => ({ access_token: token, sessionId: 's1' }));
  const events: string[] = [];
  s.on('disconnect', () => events.push('disconnect'));
  last().server(OPEN);
  last().server('40{}');
  last().close();
  expect(events).toEqual(['disconnect']);
  expect(FakeWs.all).toHaveLength(1);
  token = 'refreshed';
  jest.advanceTimersByTime(1000);
  expect(FakeWs.all).toHaveLength(2);
  last().server(OPEN);
  expect(last().sent[0]).toBe('40{"access_token":"refreshed","sessionId":"s1"}');
  last().close(); // refused again before connecting: the next try waits longer
  jest.advanceTimersByTime(1999);
  expect(FakeWs.all).toHaveLength(2);
  jest.advanceTimersByTime(1);
  expect(FakeWs.all).toHaveLength(3);
  s.close();
  jest.advanceTimersByTime(60_000);
  expect(FakeWs.all).toHaveLength(3);
});

test('a refused handshake is a connect_error; a silent server is dropped after pingInterval + pingTimeout', () => {
  const s = start();
  const errors: unknown[] = [];
  s.on('connect_error', (e) => errors.push(e));
  last().server(OPEN);
  last().server('44{"message":"Unauthorized","data":{"code":401,"message":"Unauthorized"}}');
  expect(errors).toEqual([{ message: 'Unauthorized', data: { code: 401, message: 'Unauthorized' } }]);
  expect(last().closed).toBe(true);
  jest.advanceTimersByTime(1000);
  const second = last();
  second.server(OPEN);
  second.server('40{}');
  jest.advanceTimersByTime(44_999);
  expect(second.closed).toBe(false);
  jest.advanceTimersByTime(1);
  expect(second.closed).toBe(true);
  s.close();
});
