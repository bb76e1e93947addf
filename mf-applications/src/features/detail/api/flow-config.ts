import { CONFIG, DEFAULT_FLOW_VERSION, api } from '@lendline/shared';
import type { FlowConfig } from '@lendline/shared/form-engine';

/** GET /config/flow_config_by_id/{verNum}/{flowId}?mode=SAVED: the sections the form renders. */
export async function fetchFlowConfig(flowId: string, verNum = DEFAULT_FLOW_VERSION, signal?: AbortSignal): Promise<FlowConfig> {
  const reply = await api.get<{ data: FlowConfig } | FlowConfig>(CONFIG.flowConfigById(verNum, flowId), { query: { mode: 'SAVED' }, signal });
  return 'sections' in reply ? reply : reply.data;
}
