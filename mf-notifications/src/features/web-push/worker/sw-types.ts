/**
 * The few service-worker types the notifications worker uses. The remote's program is compiled with the DOM library,
 * which cannot be mixed with the WebWorker one, so the worker declares what it touches here (type-only: nothing of
 * this file reaches the built worker).
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  notificationId?: string;
  type?: string;
  lang?: string;
}

export interface ExtendableEvent {
  waitUntil(p: Promise<unknown>): void;
}
export interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
export interface ShownNotification {
  data: unknown;
  close(): void;
}
export interface NotificationClickEvent extends ExtendableEvent {
  notification: ShownNotification;
}
export interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate?(url: string): Promise<WindowClient | null>;
}
export interface WorkerGlobal {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: { body: string; tag?: string; lang?: string; data?: unknown; renotify?: boolean }): Promise<void>;
  };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationClickEvent) => void): void;
}
