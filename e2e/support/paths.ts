import { join } from 'node:path';

export const REPO = join(__dirname, '..', '..');
export const E2E_TMP = join(__dirname, '..', '.tmp');
export const E2E_RELEASES = join(E2E_TMP, 'releases');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
