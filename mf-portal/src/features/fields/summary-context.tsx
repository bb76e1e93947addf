import { createContext, useContext } from 'react';
import type { FieldConfig, FormValues } from '@lendline/shared/form-engine';

/**
 * What a summary accordion lists: the answers already saved in the earlier sub-sections, with their field
 * configurations (so options read as labels and amounts as money). The flow provides it; elsewhere it is empty.
 */
export interface SummarySource {
  sections: Array<{ name: string; fields: FieldConfig[] }>;
  values: FormValues;
}

export const SummaryContext = createContext<SummarySource | null>(null);
export const useSummarySource = () => useContext(SummaryContext);
