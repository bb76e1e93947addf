import type { ApplicationView, DetailTask } from '../../src/features/detail/api/application';

/** A §3 task as the server sends it, with only what a test changes spelled out. */
export function task(over: Partial<DetailTask> = {}): DetailTask {
  const part = (mins: number | null) => ({ status: 'RUNNING', startTS: '2026-01-01T00:00:00.000Z', endTS: null, timeLimit: { enabled: mins != null, valueInMins: mins ?? 0, expectedEndTS: null } });
  return {
    taskId: 'TSK-1-0',
    name: 'Capture application',
    application_id: 'APP-1',
    progress: 'In Progress',
    assignedTo: 'cpa1',
    assignedTeam: ['CPA-NORTH'],
    allowedUsers: [],
    blocking: true,
    type: 'USER',
    flowInfo: { product_code: 'PL', flowName: 'PL_FLOW', verNum: 243 },
    stepInfo: { stepType: 'USER', stepName: 'Data Entry', stepNumber: 0 },
    actions: [],
    operationalLevelAgreement: { overall: part(1440), queued: part(240), assigned: part(960) },
    ...over,
  };
}

export function view(over: Partial<ApplicationView> = {}): ApplicationView {
  return {
    application_id: 'APP-1',
    product_code: 'PL',
    product_name: 'Personal Loan',
    application_status: 'ACTIVE',
    applicant: [{ applicantId: 'A1', type: 'primary', firstName: 'Asha', lastName: 'Rao' }],
    verNum: 3,
    customFields: { loanAmount: 500000 },
    appLifeCycle: { stage: 0, steps: [{ stepName: 'Data Entry', type: 'USER', summaryEnabled: false, assignmentInfo: [] }, { stepName: 'Credit Review', type: 'USER', summaryEnabled: false, assignmentInfo: [] }] },
    currentTask: task(),
    openQueries: 0,
    openApprovals: 0,
    openExceptions: 0,
    assignedToCurrentUser: true,
    editableBackstageForm: true,
    canSave: true,
    canAct: true,
    ...over,
  };
}

export const CPA_ROLES = ['CPA', 'NOTIFICATION', 'APPLICATIONS_ACTIONS', 'MANAGE_DOCUMENT', 'TASK_REVIEW_DATE', 'TEAM_APPLICATIONS_ASSIGN_SELF'];
export const VIEWER_ROLES = ['APPLICATION_ACCESS'];
