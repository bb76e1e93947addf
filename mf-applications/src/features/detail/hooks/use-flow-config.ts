import { useEffect, useState } from 'react';
import { useLanguage } from '@lendline/shared';
import type { FlowConfig } from '@lendline/shared/form-engine';
import { fetchFlowConfig } from '../api/flow-config';

export type FlowState = { status: 'none' | 'loading' | 'failed'; flow: null } | { status: 'ready'; flow: FlowConfig };

/**
 * The application's form configuration (its labels, sections and editing form) in the page's language, read again
 * when the language changes; 'none' when it names no flow.
 */
export function useFlowConfig(flowId: string | null | undefined, verNum: number | undefined, given?: FlowConfig): FlowState {
  const lang = useLanguage();
  const [state, setState] = useState<FlowState>(given ? { status: 'ready', flow: given } : { status: flowId ? 'loading' : 'none', flow: null });
  useEffect(() => {
    if (given) return setState({ status: 'ready', flow: given });
    if (!flowId) return setState({ status: 'none', flow: null });
    const ctrl = new AbortController();
    setState({ status: 'loading', flow: null });
    fetchFlowConfig(flowId, verNum, ctrl.signal, lang).then(
      (flow) => setState({ status: 'ready', flow }),
      () => !ctrl.signal.aborted && setState({ status: 'failed', flow: null }),
    );
    return () => ctrl.abort();
  }, [flowId, verNum, given, lang]);
  return state;
}
