import { createStore } from 'zustand/vanilla';
import type { HttpClient } from '@lendline/shared';
import { checkDevice, enableDevice, type DeviceState, type PushBrowser } from './push-device';

/** This device's Web Push state, for the "Notify me on this device" control of the notifications page. */
export const pushStore = createStore<DeviceState>(() => ({ kind: 'checking' }));

export async function refreshDevice(b: PushBrowser): Promise<void> {
  pushStore.setState(await checkDevice(b).catch((err: unknown) => ({ kind: 'failed' as const, detail: String(err) })), true);
}

export async function turnOn(b: PushBrowser, api: Pick<HttpClient, 'get' | 'post'>, who: { userName: string; lang: string }): Promise<void> {
  if (pushStore.getState().kind === 'working') return;
  pushStore.setState({ kind: 'working' }, true);
  pushStore.setState(await enableDevice(b, api, who), true);
}
