import { createStore } from 'zustand/vanilla';

export const NEW_NOTIFICATION_TOAST = 'You have new notification';
const TOAST_MS = 5000;

interface BellState {
  /** Unread notifications of the user and their teams (UPDATE_COUNT's `unread`). */
  unread: number | null;
  /** The §8 toast text while it shows. */
  toast: string | null;
  connected: boolean;
}

/** The bell: its count, its toast and whether the socket is up. */
export const bellStore = createStore<BellState>(() => ({ unread: null, toast: null, connected: false }));

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export function showNewNotificationToast(): void {
  clearTimeout(hideTimer);
  bellStore.setState({ toast: NEW_NOTIFICATION_TOAST });
  hideTimer = setTimeout(() => bellStore.setState({ toast: null }), TOAST_MS);
}

export function dismissToast(): void {
  clearTimeout(hideTimer);
  bellStore.setState({ toast: null });
}

export function resetBell(): void {
  dismissToast();
  bellStore.setState({ unread: null, connected: false });
}
