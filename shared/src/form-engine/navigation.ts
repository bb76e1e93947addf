/**
 * Route stepping of §2/§4: forward and backward over the sections and sub-sections of a flow, skipping the
 * sub-sections that do not apply to this applicant (new/existing customer, single/joint, disabled for the
 * primary, isSingle, applicant types). The flow ends at the last applicable sub-section of the last section.
 */
import { DEFAULT_CUSTOM_ROUTE } from '../constants';
import type { ApplicantType } from '../types';
import type { FlowConfig, FlowPosition, FlowStep, NavigationContext, Section, SubSection } from './types';

/** Whether a sub-section is visited by this applicant. */
export function isSubSectionApplicable(sub: SubSection, ctx: NavigationContext): boolean {
  if (sub.hide) return false;
  const isNew = ctx.customerKind === 'new';
  // New customers have no existing relationship to prove, so they never see the existing-customer OTP step.
  if (sub.isExistingCustomerOtp && isNew) return false;
  if (sub.skipForNewCustomer && isNew) return false;
  if (sub.skipForExistingCustomer && !isNew) return false;
  const joint = ctx.singleORjoint === 'Joint';
  if (sub.skipForSingle && !joint) return false;
  if (sub.skipForJoint && joint) return false;
  if (sub.disabledForPrimary && ctx.applicantType === 'primary') return false;
  // isSingle: answered once for the whole application, by the primary; co-applicants and guarantors skip it.
  if (sub.isSingle && ctx.applicantType !== 'primary') return false;
  if (sub.applicantTypes && sub.applicantTypes.length > 0 && !sub.applicantTypes.includes(ctx.applicantType)) return false;
  return true;
}

export function isSectionApplicable(section: Section, ctx: NavigationContext): boolean {
  return !section.hide && section.subSections.some((s) => isSubSectionApplicable(s, ctx));
}

/** The route a sub-section renders on: its route name, or for custom pages the custom route ("capture_1"). */
export function routeOf(sub: SubSection, flow?: Pick<FlowConfig, 'custom_route'>): string {
  if (sub.isCustom) return sub.customRoute || flow?.custom_route || DEFAULT_CUSTOM_ROUTE;
  return sub.routeName;
}

/** Every step this applicant visits, in order. */
export function flowSteps(flow: FlowConfig, ctx: NavigationContext): FlowStep[] {
  const steps: FlowStep[] = [];
  flow.sections.forEach((section, sectionIndex) => {
    if (section.hide) return;
    section.subSections.forEach((sub, subSectionIndex) => {
      if (!isSubSectionApplicable(sub, ctx)) return;
      steps.push({
        sectionId: section.sectionId,
        subSectionId: sub.subSectionId,
        sectionIndex,
        subSectionIndex,
        route: routeOf(sub, flow),
        isCustom: sub.isCustom === true,
      });
    });
  });
  return steps;
}

export function firstStep(flow: FlowConfig, ctx: NavigationContext): FlowStep | null {
  return flowSteps(flow, ctx)[0] ?? null;
}

export function lastStep(flow: FlowConfig, ctx: NavigationContext): FlowStep | null {
  const steps = flowSteps(flow, ctx);
  return steps[steps.length - 1] ?? null;
}

/** Flat index of a position in the full (unfiltered) flow, so a position that is itself skipped still orders. */
function rawIndex(flow: FlowConfig, pos: FlowPosition): [number, number] | null {
  const si = flow.sections.findIndex((s) => s.sectionId === pos.sectionId);
  if (si < 0) return null;
  const ssi = flow.sections[si].subSections.findIndex((s) => s.subSectionId === pos.subSectionId);
  return ssi < 0 ? null : [si, ssi];
}

function compare(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/**
 * The next applicable step after `pos`, or null at the end of the flow. Works even when `pos` itself is not
 * applicable any more (e.g. after dedupe switched the applicant type), because it orders by config position.
 */
export function nextStep(flow: FlowConfig, pos: FlowPosition, ctx: NavigationContext): FlowStep | null {
  const at = rawIndex(flow, pos);
  if (!at) return firstStep(flow, ctx);
  return flowSteps(flow, ctx).find((s) => compare([s.sectionIndex, s.subSectionIndex], at) > 0) ?? null;
}

/** The previous applicable step before `pos`, or null at the start. */
export function previousStep(flow: FlowConfig, pos: FlowPosition, ctx: NavigationContext): FlowStep | null {
  const at = rawIndex(flow, pos);
  if (!at) return null;
  const before = flowSteps(flow, ctx).filter((s) => compare([s.sectionIndex, s.subSectionIndex], at) < 0);
  return before[before.length - 1] ?? null;
}

/** The flow ends at the last applicable sub-section of the last section. */
export function isLastStep(flow: FlowConfig, pos: FlowPosition, ctx: NavigationContext): boolean {
  const last = lastStep(flow, ctx);
  return last !== null && last.sectionId === pos.sectionId && last.subSectionId === pos.subSectionId;
}

/** Find the step for a route (and optionally a section), e.g. when the portal is opened on a deep link. */
export function stepForRoute(flow: FlowConfig, route: string, ctx: NavigationContext, sectionId?: string): FlowStep | null {
  return flowSteps(flow, ctx).find((s) => s.route === route && (!sectionId || s.sectionId === sectionId)) ?? null;
}

/**
 * Dedupe details switch the applicant type between primary and secondary (§4): a "primary" found to be an
 * existing co-applicant continues as secondary, and vice versa. Guarantors are not switched.
 */
export function switchApplicantType(type: ApplicantType): ApplicantType {
  if (type === 'primary') return 'secondary';
  if (type === 'secondary') return 'primary';
  return type;
}

/** The context after a dedupe result; unchanged when dedupe found nothing to switch. */
export function applyDedupe(ctx: NavigationContext, switched: boolean): NavigationContext {
  return switched ? { ...ctx, applicantType: switchApplicantType(ctx.applicantType) } : ctx;
}
