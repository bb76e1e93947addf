import type { StepCompletionType } from '@lendline/shared/contract';
import { BRANCH_CPA_TEAM, type LifecycleStepConfig } from '../../domain/lifecycle/types';

const ALL_COMPLETIONS: StepCompletionType[] = ['CANCEL', 'COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'COMPLETE'];
const h = (hours: number) => hours * 60;

/** The §4 other task actions every step offers (tasks.actions, copied from here when a step's task opens). */
const STEP_ACTIONS = [
  { type: 'Assign', value: 'assign' },
  { type: 'RevertStage', value: 'revert_stage' },
  { type: 'Reject', value: 'reject' },
  // §4 other task actions the inbox offers on the task (mf-tasks features/inbox/task-actions.ts).
  { type: 'OpenTask', value: 'assign' },
  { type: 'Leave', value: 'release' },
  { type: 'CancelReject', value: 'cancelReject' },
  { type: 'Copy', value: 'copy' },
  // The applicant dropped out (CANCELLED, recorded as such; Rebook reopens it at this step): docs/ARCHITECTURE.md.
  { type: 'Drop', value: 'drop' },
  { type: 'Rebook', value: 'rebook' },
];
/** Disbursement may send the loan back for a fresh credit appraisal at the step numbered `appraisalStep`. */
const reappraiseAt = (appraisalStep: number) => [...STEP_ACTIONS, { type: 'Reappraise', value: String(appraisalStep) }];

/** Each seeded step's and task's name in Hindi (the same as migration 110 gives a database seeded before it). */
const HINDI_STEPS: Record<string, { stepName: string; taskName: string }> = {
  'Data Entry': { stepName: 'डेटा प्रविष्टि', taskName: 'आवेदन दर्ज करें' },
  'Credit Review': { stepName: 'क्रेडिट समीक्षा', taskName: 'क्रेडिट का आकलन करें' },
  Approval: { stepName: 'स्वीकृति', taskName: 'स्वीकृति का निर्णय' },
  Disbursement: { stepName: 'ऋण वितरण', taskName: 'ऋण वितरित करें' },
  'Property Valuation': { stepName: 'संपत्ति मूल्यांकन', taskName: 'संपत्ति का मूल्यांकन करें' },
  'Financial Analysis': { stepName: 'वित्तीय विश्लेषण', taskName: 'वित्तीय विवरणों का विश्लेषण करें' },
};

function step(n: number, stepName: string, taskName: string, team: string, sla: [number | null, number | null, number | null], extra: Partial<LifecycleStepConfig> = {}): LifecycleStepConfig {
  return {
    stepNumber: n,
    stepName,
    ...(HINDI_STEPS[stepName] ? { translations: { hi: HINDI_STEPS[stepName] } } : {}),
    type: 'USER',
    summaryEnabled: false,
    taskName,
    team,
    accessControl: 'WRITE',
    sla: { overallMins: sla[0], queuedMins: sla[1], assignedMins: sla[2] },
    completionTypes: ALL_COMPLETIONS,
    actions: STEP_ACTIONS,
    ...extra,
  };
}

/**
 * Lifecycles per product (§3 AppLifeCycle): data entry in the branch's CPA department, credit in
 * CREDIT, sanction in APPROVAL, disbursement in OPS (docs/identity.md teams). SLA limits are
 * [overall, queued, assigned] minutes; a null disables that clock's limit.
 */
export const LIFECYCLES: Record<string, LifecycleStepConfig[]> = {
  PL: [
    step(0, 'Data Entry', 'Capture application', BRANCH_CPA_TEAM, [h(24), h(4), h(16)]),
    step(1, 'Credit Review', 'Assess credit', 'CREDIT', [h(48), h(8), h(24)], { accessControl: 'READ' }),
    step(2, 'Approval', 'Sanction decision', 'APPROVAL', [h(24), h(4), h(8)], { type: 'APPROVAL', summaryEnabled: true, accessControl: 'READ' }),
    step(3, 'Disbursement', 'Disburse loan', 'OPS', [h(24), null, h(8)], { summaryEnabled: true, actions: reappraiseAt(1) }),
  ],
  HL: [
    step(0, 'Data Entry', 'Capture application', BRANCH_CPA_TEAM, [h(48), h(8), h(24)]),
    step(1, 'Property Valuation', 'Value the property', 'OPS', [h(120), h(24), h(72)]),
    step(2, 'Credit Review', 'Assess credit', 'CREDIT', [h(72), h(8), h(48)], { accessControl: 'READ' }),
    step(3, 'Approval', 'Sanction decision', 'APPROVAL', [h(48), h(8), h(24)], { type: 'APPROVAL', summaryEnabled: true, accessControl: 'READ' }),
    step(4, 'Disbursement', 'Disburse loan', 'OPS', [h(72), null, h(24)], { summaryEnabled: true, actions: reappraiseAt(2) }),
  ],
  BL: [
    step(0, 'Data Entry', 'Capture application', BRANCH_CPA_TEAM, [h(48), h(8), h(24)]),
    step(1, 'Financial Analysis', 'Analyse financials', 'CREDIT', [h(96), h(16), h(48)]),
    step(2, 'Approval', 'Sanction decision', 'APPROVAL', [h(48), h(8), h(24)], { type: 'APPROVAL', summaryEnabled: true, accessControl: 'READ' }),
    step(3, 'Disbursement', 'Disburse loan', 'OPS', [h(48), null, h(16)], { summaryEnabled: true, actions: reappraiseAt(1) }),
  ],
};
