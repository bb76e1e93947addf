import type { FieldConfig, FlowConfig } from '@lendline/shared/contract';
import { fieldLabel } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { flowConfig } from '../config/config-service';
import type { ApplicationRow } from '../applications/row';

/**
 * What staff may ask the applicant for: plain answer fields of the application's customer flow, and its
 * file-upload fields as documents. Not offered: codes and passwords (an OTP or a secret is never re-asked by link),
 * buttons, display-only types, signatures, containers, and fields hidden or internal to the bank.
 */
const ANSWER_TYPES = new Set(['text', 'textarea', 'date', 'checkbox', 'toggle', 'dropdown', 'range', 'slider', 'counter', 'radio', 'tabs']);
const DOCUMENT_TYPES = new Set(['fileUploadHub']);

export interface RequestableField {
  key: string;
  label: string;
  type: string;
  sectionId: string;
  subSectionId: string;
  config: FieldConfig;
}

function offerable(f: FieldConfig): boolean {
  if (f.hide || f.internal || f.field_identifier === 'H' || f.category === 'USER' || f.category === 'EXTERNAL') return false;
  if (f.enable === false) return false;
  return !f.field_type_details?.internal;
}

/** Every offerable field of the flow, in flow order, each key once (a key met twice keeps its first place). */
export function requestableOf(flow: FlowConfig): { fields: RequestableField[]; documents: RequestableField[] } {
  const fields: RequestableField[] = [];
  const documents: RequestableField[] = [];
  const seen = new Set<string>();
  for (const section of flow.sections) {
    for (const sub of section.subSections) {
      const all = [...(sub.fields ?? []), ...(sub.components ?? []).flatMap((c) => c.fields ?? [])];
      for (const f of all) {
        const type = f.field_type_details?.type;
        if (!type || seen.has(f.key) || !offerable(f)) continue;
        const entry = { key: f.key, label: fieldLabel(f), type, sectionId: section.sectionId, subSectionId: sub.subSectionId, config: f };
        if (ANSWER_TYPES.has(type)) fields.push(entry);
        else if (DOCUMENT_TYPES.has(type)) documents.push(entry);
        else continue;
        seen.add(f.key);
      }
    }
  }
  return { fields, documents };
}

/** `lang`: the fields' configured labels in that language where the flow has a translation (the English label else). */
export async function requestableFields(q: Queryable, app: ApplicationRow, lang?: string) {
  const flow = app.flow_id ? await flowConfig(q, app.flow_id, app.flow_ver_num, 'SAVED', lang) : null;
  return flow ? requestableOf(flow) : { fields: [], documents: [] };
}
