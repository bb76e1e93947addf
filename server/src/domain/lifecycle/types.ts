import type { Translations } from '@lendline/shared/contract';
import type { StepCompletionType } from '@lendline/shared/contract';

/** Team placeholder resolved per application: the CPA department of the application's branch. */
export const BRANCH_CPA_TEAM = '{BRANCH_CPA}';

/** Branch (hierarchy team) → its data-entry department (docs/identity.md). */
export const BRANCH_CPA: Record<string, string> = { 'BR-NORTH': 'CPA-NORTH', 'BR-SOUTH': 'CPA-SOUTH', HQ: 'OPS' };
export const BRANCHES = ['BR-NORTH', 'BR-SOUTH'] as const;

export interface SlaLimits {
  /** Minutes; null disables the part (§3 timeLimit.enabled = false). */
  overallMins: number | null;
  queuedMins: number | null;
  assignedMins: number | null;
}

/** One step of a product's lifecycle as configured (the §3 AppLifeCycle step plus how to make its task). */
export interface LifecycleStepConfig {
  stepNumber: number;
  stepName: string;
  type: 'USER' | 'APPROVAL' | 'SYSTEM';
  summaryEnabled: boolean;
  taskName: string;
  /** Team id, or BRANCH_CPA_TEAM. */
  team: string;
  /** Access control of the backstage form at this step (§4: absent or WRITE = editable). */
  accessControl: 'WRITE' | 'READ';
  sla: SlaLimits;
  completionTypes: StepCompletionType[];
  /**
   * The flow sections whose mandatory fields COMPLETE_WITH_VALIDATIONS checks at this step (absent: every section of
   * the application's flow, documents, signature and consents included).
   */
  mandatorySections?: string[];
  actions: { type: string; value: string }[];
  /** stepName and taskName per language ({ hi: { stepName, taskName } }, migration 110): what staff read; the English names stay the keys. */
  translations?: Translations;
}

export function resolveTeam(team: string, branch: string | null): string {
  return team === BRANCH_CPA_TEAM ? BRANCH_CPA[branch ?? ''] ?? 'CPA-NORTH' : team;
}
