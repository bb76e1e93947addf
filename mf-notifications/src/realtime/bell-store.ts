import { createStore } from 'zustand/vanilla';
import { eventBus } from '@lendline/shared';
import { toastText } from './toast-text';
import type { NotificationItem } from './list-store';

export { NEW_NOTIFICATION_TOAST } from './toast-text';

interface BellState {
  /** Unread notifications of the user and their teams (UPDATE_COUNT's `unread`). */
  unread: number | null;
  connected: boolean;
}

/** The bell: its count and whether the socket is up. */
export const bellStore = createStore<BellState>(() => ({ unread: null, connected: false }));

/**
 * §8's toast for a new notification goes where every remote's toast goes: on the event bus to the shell's
 * one region (top center, §9), which also drops a repeat of a text still showing. The 1.5 s throttle is alert.ts's.
 * It says what happened (toast-text.ts) when the notification is at hand.
 */
export function showNewNotificationToast(n?: NotificationItem | null): void {
  eventBus.emit('toast', { kind: 'info', text: toastText(n) });
}

export function resetBell(): void {
  bellStore.setState({ unread: null, connected: false });
}
