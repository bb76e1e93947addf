import { useEffect } from 'react';
import { eventBus } from '@lendline/shared';

/** A burst of notifications (ten in a second) refreshes a list once, this long after the last one. */
export const WORK_REFRESH_DEBOUNCE_MS = 500;

/**
 * Lists refresh their rows and counts when work arrives: mf-notifications emits 'notification:new' on the shared
 * event bus for each notification its socket receives (no import of that remote). Assignments, team-queue arrivals
 * and changes to followed applications all change what a list shows.
 */
export function useRefreshOnWork(reload: () => void): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = eventBus.on('notification:new', () => {
      clearTimeout(timer);
      timer = setTimeout(reload, WORK_REFRESH_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [reload]);
}
