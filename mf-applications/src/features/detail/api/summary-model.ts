import type { FieldConfig, FlowConfig, FormValues, SubSection } from '@lendline/shared/form-engine';
import { fieldLabel, getValue, hiddenFieldKeys, isSkippedIdentifier, subSectionComponents } from '@lendline/shared/form-engine';
import { formatFieldValue, humanizeKey } from './field-text';
import { staffSubSection } from './staff-fields';

/** One line of the summary: the configured label and the value as §9 formats it ('' when empty). */
export interface SummaryRow {
  key: string;
  label: string;
  text: string;
  /** The field that describes it, when the form has one (its history is formatted the same way). */
  field?: FieldConfig;
}

export interface SummarySection {
  sectionId: string;
  name: string;
  /** The staff form of this section (secrets removed), for editing in place. */
  subSections: SubSection[];
  groups: { subSectionId: string; name: string; rows: SummaryRow[] }[];
}

export interface ApplicationSummaryModel {
  sections: SummarySection[];
  /**
   * Values the application holds that no field of the form describes (older flows, the server's own). A value
   * of a field the form has but does not show now (hidden by a rule, a secret) is not a leftover.
   */
  other: SummaryRow[];
}

/** Controls that hold no answer of their own: nothing to read on a summary. */
const NO_VALUE_TYPES = new Set(['button', 'timer', 'accordion']);

/** A leftover value no field describes is still kept from staff when its name says it is a password or an OTP. */
const SECRET_NAME = /[Pp]assword|(?:^|[a-z])(?:otp|Otp|OTP)(?![a-z])/;

const fieldsOf = (sub: SubSection) => subSectionComponents(sub).flatMap((c) => c.fields);

/** Every key the flow names, the secrets' included: a value under one of them is the form's, shown or not. */
function allFields(flow: FlowConfig | null): Map<string, FieldConfig> {
  const out = new Map<string, FieldConfig>();
  for (const s of flow?.sections ?? []) for (const sub of s.subSections) for (const f of fieldsOf(sub)) out.set(f.key, f);
  return out;
}

/**
 * The application's data as staff read it: the flow's sections and sub-sections in order, each field under
 * its configured label with its value formatted; fields hidden by configuration or by the page rules of the
 * stored values are left out, and so is every customer secret (net-banking password, OTPs) — from the
 * sections and from the leftover values alike. Without a flow (none configured, or it failed to load) every
 * value is a leftover, labelled from its key.
 */
export function buildSummary(flow: FlowConfig | null, values: FormValues): ApplicationSummaryModel {
  const known = allFields(flow);
  const shown = new Set<string>();
  const sections: SummarySection[] = [];
  for (const s of flow?.sections ?? []) {
    if (s.hide) continue;
    const subs = s.subSections.filter((sub) => !sub.hide).flatMap((sub) => staffSubSection(sub) ?? []);
    const groups = subs
      .map((sub) => {
        const comps = subSectionComponents(sub);
        const hidden = new Set(comps.flatMap((c) => [...hiddenFieldKeys(c.fields, c.ruleConfigs ?? [], values)]));
        const rows = comps
          .flatMap((c) => c.fields)
          .filter((f) => !hidden.has(f.key) && !isSkippedIdentifier(f) && !NO_VALUE_TYPES.has(f.field_type_details.type) && !f.isSectionHeader)
          .map((f) => {
            shown.add(f.key);
            return { key: f.key, label: fieldLabel(f), text: formatFieldValue(f, getValue(values, f.key)), field: f };
          });
        return { subSectionId: sub.subSectionId, name: sub.name ?? '', rows };
      })
      .filter((g) => g.rows.length > 0);
    if (groups.length) sections.push({ sectionId: s.sectionId, name: s.name, subSections: subs.filter((sub) => groups.some((g) => g.subSectionId === sub.subSectionId)), groups });
  }
  const other = Object.keys(values)
    .filter((k) => !shown.has(k) && !known.has(k) && !SECRET_NAME.test(k))
    .map((k) => ({ key: k, label: humanizeKey(k), text: formatFieldValue(undefined, values[k]) }))
    .filter((r) => r.text !== '');
  return { sections, other };
}
