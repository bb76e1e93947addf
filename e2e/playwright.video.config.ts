import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { BASE_URL, E2E_PORT } from './support/paths';

/**
 * The video journey: a real Janus started by the server itself, two Chromium pages with fake camera and microphone.
 * Run it through `node scripts/e2e-video.mjs` (npm test does), which makes the private network namespace it needs:
 * Janus gathers ICE candidates only on jv0 (127.1.0.1), so media never leaves the namespace.
 */
export default defineConfig({
  ...base,
  // VIDEO_BENCH=1 (npm run bench:video): the benchmark instead of the journey.
  testMatch: process.env.VIDEO_BENCH ? ['**/video.bench.ts'] : ['**/video.spec.ts'],
  testIgnore: [],
  // ~40 s on a quiet machine; far more when the two cores are shared.
  timeout: 180_000,
  use: {
    ...base.use,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [...(base.use?.launchOptions?.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
    },
  },
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${BASE_URL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', JANUS_AUTOSTART: 'on', JANUS_ICE_ENFORCE_LIST: process.env.JANUS_ICE_ENFORCE_LIST ?? 'jv0', VIDEO_RECORDING: 'on' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
