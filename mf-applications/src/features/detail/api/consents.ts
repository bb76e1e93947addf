import { api } from '@lendline/shared';
import type { ConsentNotice, ConsentRecord } from '@lendline/shared';

/** GET /v3/portal/consent (server: routes/portal/consent.ts): staff read the consent records, never change them. */
export interface ConsentsReply {
  consents: ConsentRecord[];
  history: ConsentRecord[];
  notices: ConsentNotice[];
}

/** `lang`: the language the notices' titles (the purposes' names) come in: the page's. */
export async function fetchConsents(id: string, lang: string, signal?: AbortSignal): Promise<ConsentsReply> {
  return (await api.get<{ data: ConsentsReply }>(`/v3/portal/consent?application_id=${encodeURIComponent(id)}&lang=${encodeURIComponent(lang)}`, { signal })).data;
}
