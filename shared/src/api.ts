import { createHttpClient } from './http/client';
import { sessionStore } from './session-store';

/** The page's HTTP client: same-origin, session headers from the shared session store. */
export const api = createHttpClient({ getSession: () => sessionStore.getState().session });
