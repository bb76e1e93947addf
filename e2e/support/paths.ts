import { join } from 'node:path';

export const REPO = join(__dirname, '..', '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
// One folder per port, so two runs on different E2E_PORTs never share data or releases.
export const E2E_TMP = join(__dirname, '..', '.tmp', String(E2E_PORT));
export const E2E_RELEASES = join(E2E_TMP, 'releases');
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
