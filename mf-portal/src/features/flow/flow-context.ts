import type { ApplicantType } from '@lendline/shared';
import type { FlowConfig, FormValues, NavigationContext } from '@lendline/shared/form-engine';
import type { PortalApplicant, PortalApplication } from '../../api/portal-api';

/** Who fills the flow: decides the applicable sub-sections (§2, §4) and where answers are stored. */
export function navigationContext(app: PortalApplication, applicantType: ApplicantType): NavigationContext {
  return { customerKind: app.existing_or_new_customer === 'existing' ? 'existing' : 'new', singleORjoint: app.singleORjoint, applicantType };
}

export function applicantOf(app: PortalApplication, applicantId: string | null): PortalApplicant {
  return app.applicant.find((a) => a.applicantId === applicantId) ?? app.applicant.find((a) => a.type === 'primary') ?? { applicantId: `${app.application_id}-P`, type: 'primary' };
}

/** The saved answers of an applicant: the primary's are the application's customFields. */
export function savedValues(app: PortalApplication, applicant: PortalApplicant): FormValues {
  return applicant.type === 'primary' ? { ...(applicant.values ?? {}), ...app.customFields } : { ...(applicant.values ?? {}) };
}

/** Sections and their fields for the summary accordion. */
export function summarySections(flow: FlowConfig) {
  return flow.sections
    .filter((s) => !s.isSummary)
    .map((s) => ({ name: s.name, fields: s.subSections.flatMap((ss) => (ss.components ?? []).flatMap((c) => c.fields)).concat(s.subSections.flatMap((ss) => ss.fields ?? [])) }));
}
