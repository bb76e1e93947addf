import { useEffect } from 'react';
import { useStore } from 'zustand';
import { api, i18nStore, sessionStore, useT } from '@lendline/shared';
import { browserPush } from './push-device';
import { pushStore, refreshDevice, turnOn } from './push-store';

/**
 * "Notify me on this device" on the notifications page: Web Push for when no Lendline page is open. The browser's
 * permission is asked only when the user clicks, never on load; each outcome is said in words, including a browser
 * that has permission but no push service to subscribe with.
 */
export function NotifyDevice() {
  const t = useT();
  const state = useStore(pushStore);
  useEffect(() => {
    void refreshDevice(browserPush());
  }, []);
  const click = () => {
    const user = sessionStore.getState().user;
    if (user) void turnOn(browserPush(), api, { userName: user.userName, lang: i18nStore.getState().lang });
  };
  const k = 'areas.notifications.push';
  const message = (() => {
    switch (state.kind) {
      case 'unsupported':
        return t(`${k}.unsupported`, undefined, 'This browser cannot show notifications when Lendline is closed.');
      case 'on':
        return t(`${k}.on`, undefined, 'Notifications are on for this device: you are told even when Lendline is closed.');
      case 'denied':
        return t(`${k}.denied`, undefined, 'Notifications are blocked for this site in your browser. Allow them in the site settings, then try again.');
      case 'dismissed':
        return t(`${k}.dismissed`, undefined, 'The browser did not get an answer. Click again and choose Allow.');
      case 'no-push-service':
        return t(`${k}.noPushService`, { detail: state.detail }, 'This browser has no push service to subscribe with, so this device cannot get notifications when Lendline is closed ({detail}).');
      case 'failed':
        return t(`${k}.failed`, { detail: state.detail }, 'Notifications could not be turned on for this device: {detail}');
      default:
        return null;
    }
  })();
  const showButton = state.kind !== 'on' && state.kind !== 'unsupported' && state.kind !== 'checking';
  return (
    <section aria-label={t(`${k}.title`, undefined, 'Notifications on this device')} data-testid="notify-device" data-state={state.kind}>
      {showButton && (
        <button type="button" onClick={click} disabled={state.kind === 'working'}>
          {t(`${k}.button`, undefined, 'Notify me on this device')}
        </button>
      )}
      {message && (
        <p role={state.kind === 'on' ? 'status' : 'alert'} data-testid="notify-device-message">
          {message}
        </p>
      )}
    </section>
  );
}
