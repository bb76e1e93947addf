/**
 * Component and section progress of §4 and the step indicator of §2. Progress is the application's list of
 * sections, each with its components (one per sub-section, matched by componentId = subSectionId or by
 * componentRouteInfo = the sub-section's route).
 */
import type { ComponentProgress, ProgressComponent, SectionProgress } from '../types';
import { isSectionApplicable, isSubSectionApplicable } from './navigation';
import type { FlowConfig, NavigationContext, Section, StepIndicatorItem, SubSection } from './types';

/** Weight of an in-progress sub-section in the section percentage. */
export const IN_PROGRESS_WEIGHT = 0.5;

/** The componentRouteInfo a sub-section's progress entry carries: its own, else its route name. */
export function componentRoute(sub: SubSection): string {
  return sub.componentRouteInfo || sub.routeName;
}

/** The progress entry of a sub-section, if any. */
export function findComponentProgress(progress: SectionProgress[] | undefined, sectionId: string, sub: SubSection): ProgressComponent | undefined {
  const section = progress?.find((p) => p.sectionId === sectionId);
  return section?.components.find((c) => c.componentId === sub.subSectionId || c.componentRouteInfo === componentRoute(sub));
}

export function subSectionStatus(progress: SectionProgress[] | undefined, sectionId: string, sub: SubSection): ComponentProgress {
  return findComponentProgress(progress, sectionId, sub)?.status ?? 'PENDING';
}

/**
 * Status of one component from its validation outcome: nothing answered yet → PENDING, every applicable field
 * valid → COMPLETE, anything in between → PROGRESS.
 */
export function componentStatus(hasAnyValue: boolean, issueCount: number): ComponentProgress {
  if (issueCount === 0) return 'COMPLETE';
  return hasAnyValue ? 'PROGRESS' : 'PENDING';
}

function applicableSubs(section: Section, ctx?: NavigationContext): SubSection[] {
  return section.subSections.filter((s) => (ctx ? isSubSectionApplicable(s, ctx) : !s.hide));
}

/**
 * A section is COMPLETE when all its applicable components are complete, otherwise in PROGRESS — except a
 * section nobody has touched yet (every component still pending), which stays PENDING so that the indicator
 * does not show work that was never started.
 */
export function sectionStatus(section: Section, progress: SectionProgress[] | undefined, ctx?: NavigationContext): ComponentProgress {
  const subs = applicableSubs(section, ctx);
  const statuses = subs.map((s) => subSectionStatus(progress, section.sectionId, s));
  if (statuses.length > 0 && statuses.every((s) => s === 'COMPLETE')) return 'COMPLETE';
  if (statuses.every((s) => s === 'PENDING')) return 'PENDING';
  return 'PROGRESS';
}

/** (completed + 0.5 × in-progress) / applicable sub-sections × 100; 0 for a section with none. */
export function sectionPercent(section: Section, progress: SectionProgress[] | undefined, ctx?: NavigationContext): number {
  const subs = applicableSubs(section, ctx);
  if (subs.length === 0) return 0;
  let done = 0;
  for (const s of subs) {
    const st = subSectionStatus(progress, section.sectionId, s);
    if (st === 'COMPLETE') done += 1;
    else if (st === 'PROGRESS') done += IN_PROGRESS_WEIGHT;
  }
  return (done / subs.length) * 100;
}

/**
 * Record a sub-section's status (e.g. after a save) and recompute its section's status. Returns a new list;
 * the input is not changed (stores compare by reference).
 */
export function updateProgress(
  flow: FlowConfig,
  progress: SectionProgress[] | undefined,
  sectionId: string,
  subSectionId: string,
  status: ComponentProgress,
  ctx?: NavigationContext,
): SectionProgress[] {
  const section = flow.sections.find((s) => s.sectionId === sectionId);
  const sub = section?.subSections.find((s) => s.subSectionId === subSectionId);
  if (!section || !sub) return progress ?? [];
  const list = (progress ?? []).map((p) => ({ ...p, components: [...p.components] }));
  let entry = list.find((p) => p.sectionId === sectionId);
  if (!entry) {
    entry = { sectionId, status: 'PENDING', components: [] };
    list.push(entry);
  }
  const i = entry.components.findIndex((c) => c.componentId === subSectionId || c.componentRouteInfo === componentRoute(sub));
  const component: ProgressComponent = { componentId: subSectionId, componentRouteInfo: componentRoute(sub), status };
  if (i >= 0) entry.components[i] = component;
  else entry.components.push(component);
  entry.status = sectionStatus(section, list, ctx);
  return list;
}

/**
 * The step indicator (§2): sections before the current one are complete at 100 %, the current one is partial
 * at its own percentage, and the last section shows complete — once the applicant has reached it there is
 * nothing left to fill (it is typically the summary). Sections after the current one are upcoming.
 */
export function stepIndicator(
  flow: FlowConfig,
  currentSectionId: string,
  progress: SectionProgress[] | undefined,
  ctx?: NavigationContext,
): StepIndicatorItem[] {
  const sections = flow.sections.filter((s) => (ctx ? isSectionApplicable(s, ctx) : !s.hide));
  const current = sections.findIndex((s) => s.sectionId === currentSectionId);
  return sections.map((s, i) => {
    const base = { sectionId: s.sectionId, name: s.name, current: i === current };
    const isLast = i === sections.length - 1;
    if ((current >= 0 && i < current) || (isLast && i === current)) return { ...base, state: 'complete' as const, percent: 100 };
    if (i === current) return { ...base, state: 'partial' as const, percent: sectionPercent(s, progress, ctx) };
    return { ...base, state: 'upcoming' as const, percent: 0 };
  });
}
