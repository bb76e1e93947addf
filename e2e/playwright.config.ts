import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './support/paths';

/**
 * Journeys in Debian's Chromium against the production build served by the real server
 * (`npm run build` first). No browser download: Playwright drives /usr/bin/chromium.
 */
export default defineConfig({
  testDir: './tests',
  // Needs a real Janus inside a private network namespace: run by scripts/e2e-video.mjs (playwright.video.config.ts).
  testIgnore: ['**/video.spec.ts'],
  // Per port, like the server's temp folder: parallel runs must not delete each other's artifacts.
  outputDir: `test-results/${E2E_PORT}`,
  timeout: 60_000,
  // toHaveScreenshot is used by tests/screenshots.spec.ts only: its baselines are kept with the docs, named by the
  // spec (page-size-language.png), one set for every platform (the journeys run in Debian's Chromium).
  expect: { timeout: 10_000, toHaveScreenshot: { pathTemplate: '{testDir}/../../docs/screenshots/{arg}{ext}' } },
  fullyParallel: false,
  // One journey at a time per server: they share its database. `npm test` runs shards side by side instead, each
  // with its own server and database on its own port (scripts/test-all.mjs, E2E_SHARDS).
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // A failing journey keeps its trace: every action's DOM snapshot, the network and the console. Without the
    // screencast: recording it costs Chromium about 40 % more CPU in every journey (measured on three journey files:
    // 45.7 s of Chromium CPU with it, 27.1 s without), and the snapshots already show each page as it was.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${BASE_URL}/health`,
    reuseExistingServer: false,
    // The server migrates and seeds a fresh database before /health answers: room for a busy 2-core machine.
    timeout: 180_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
