import { CONFIG, DEFAULT_FLOW_VERSION, api } from '@lendline/shared';
import type { FlowConfig } from '@lendline/shared/form-engine';

/**
 * GET /config/flow_config_by_id/{verNum}/{flowId}?mode=SAVED&lang=: the sections the form renders, with section names
 * and field labels in `lang` where the configuration has them (the portal asks the same way for its applicants).
 */
export async function fetchFlowConfig(flowId: string, verNum = DEFAULT_FLOW_VERSION, signal?: AbortSignal, lang = 'en'): Promise<FlowConfig> {
  const query = lang === 'en' ? { mode: 'SAVED' } : { mode: 'SAVED', lang };
  const reply = await api.get<{ data: FlowConfig } | FlowConfig>(CONFIG.flowConfigById(verNum, flowId), { query, signal });
  return 'sections' in reply ? reply : reply.data;
}
