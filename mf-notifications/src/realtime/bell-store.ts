import { createStore } from 'zustand/vanilla';
import { eventBus, t } from '@lendline/shared';

export const NEW_NOTIFICATION_TOAST = 'You have new notification';

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
 */
export function showNewNotificationToast(): void {
  eventBus.emit('toast', { kind: 'info', text: t('areas.notifications.toast.new', undefined, NEW_NOTIFICATION_TOAST) });
}

export function resetBell(): void {
  bellStore.setState({ unread: null, connected: false });
}
