import { APPLICATION_ACTIONS } from '../paths';
import { APPLICATION_STATUSES } from '../types';
import { APPLICANT_TYPES, NOTIFICATION_TYPES } from '../constants';

/**
 * Every code of §3/§4 (and the product's own code lists) that can reach a person, by kind. A screen never shows one
 * of these as it is: it shows labelOf(kind, code), whose texts live in the language files under "labels.<kind>.<code>"
 * (served at /assets/i18n/{lang}.json, English and Hindi). shared/test/labels checks that every code here has both;
 * the no-raw-codes journey checks that none of them reaches a page as it is.
 */
export const CODE_LISTS = {
  /** §3/§4 application statuses. */
  applicationStatus: APPLICATION_STATUSES,
  /** §3 applicant types. */
  applicantType: APPLICANT_TYPES,
  /** §4 task progress. */
  taskProgress: ['In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled'],
  /** §4 component and section progress. */
  componentProgress: ['PENDING', 'PROGRESS', 'COMPLETE'],
  /** §4 step completion types. */
  completionType: ['CANCEL', 'COMPLETE_WITH_VALIDATIONS', 'RAISE_EXCEPTIONS', 'COMPLETE'],
  /** §4 task validation errors. */
  taskValidationError: ['EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', 'APPROVALS_PENDING', 'QUERIES_PENDING'],
  /** §4 other task actions. */
  taskAction: ['Drop', 'Rebook', 'Reappraise', 'Leave', 'OpenTask', 'RevertStage', 'Reject', 'Copy', 'CancelReject', 'Assign', 'None'],
  /** §4 approval actions. */
  approvalAction: ['approve', 'reject', 'forward', 'send_back'],
  /** §2 sub-statuses. */
  subStatus: ['QUERIES', 'APPROVAL'],
  /** §3 notification metadata.type. */
  notificationType: NOTIFICATION_TYPES,
  /** What a document is (documents.kind) and where it came from (documents.source). */
  documentKind: ['DOCUMENT', 'SIGNATURE', 'NIC', 'GENERATED'],
  documentSource: ['PORTAL', 'STAFF', 'COPY', 'MERGE', 'GENERATED', 'NIC'],
  /** Sub-task kinds (queries, approvals, raised exceptions). */
  subTaskKind: ['QUERY', 'APPROVAL', 'EXCEPTION'],
  subTaskStatus: ['OPEN', 'CLOSED'],
  /** The credit bureau's account types and states. */
  bureauAccountType: ['PERSONAL_LOAN', 'CREDIT_CARD', 'HOME_LOAN', 'AUTO_LOAN', 'GOLD_LOAN'],
  bureauAccountStatus: ['ACTIVE', 'CLOSED'],
  /** The decision engine's rules and outcomes. */
  decisionRule: ['AGE', 'BANK_BOUNCES', 'BUREAU_SCORE', 'FOIR', 'LOAN_WITHIN_ELIGIBILITY', 'POLICY_FOIR', 'POLICY_ELIGIBILITY'],
  decisionOutcome: ['APPROVE', 'REFER', 'DECLINE'],
  /** The adapters the credit review runs through (worklog entries name the one used); an outside one reads humanized. */
  integrationAdapter: ['sandbox'],
  /** How an approval (a level, a deviation) was decided. */
  approvalDecision: ['APPROVED', 'REJECTED', 'SENT_BACK', 'WITHDRAWN', 'RELEASED'],
  /** What a worklog entry records: the call or action the server audited it under. */
  worklogEvent: [
    ...APPLICATION_ACTIONS, 'on_hold', 'approve', 'approval_forward', 'approval_reject', 'send_back', 'rebook', 'drop', 'reappraise',
    'createSubTask', 'updateSubTask', 'addCommentToTask', 'closeSubTask', 'reopenSubTask', 'updateAndResolveQuery', 'requestInfo',
    'sendRequestForInfoNotifications', 'sendMailCommon', 'updateSnoozeTime', 'removeSnoozeTime', 'addNote',
    'DOCUMENT_UPLOADED', 'DOCUMENT_COPIED', 'DOCUMENT_DELETED', 'DOCUMENT_GENERATED', 'DOCUMENT_MERGED', 'DOCUMENT_METADATA', 'DOCUMENT_VERSION',
    'cibil_obligation', 'perfios_transaction', 'net_financing_calculation', 'decision_engine_execute', 'credit_deviation', 'external_call',
    'integration_request', 'integration_retry', 'integration_call', 'integration_release', 'integration_return', 'complete_disbursement',
    'video_call_started', 'video_call_ended', 'video_call_still',
    'loan_exit_request', 'loan_exit_processed', 'loan_documents_sent', 'loan_documents_not_sent', 'bank_account_verification', 'straight_through', 'complete_step/system', 'updateNote', 'deleteNote',
  ],
} as const satisfies Record<string, readonly string[]>;

export type LabelKind = keyof typeof CODE_LISTS;
export type CodeOf<K extends LabelKind> = (typeof CODE_LISTS)[K][number];
export const LABEL_KINDS = Object.keys(CODE_LISTS) as LabelKind[];

/** The dictionary key of a code's label. */
export const labelKey = (kind: LabelKind, code: string) => `labels.${kind}.${code}`;

/**
 * A code no list knows yet, in words ("CREDIT_CARD" → "Credit card", "updateSnoozeTime" → "Update snooze time"): what a
 * page shows rather than the code itself when a label is missing (the unit test keeps the known codes labelled).
 */
export function humanizeCode(code: string): string {
  const words = code
    .replace(/[_./-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (!words.length) return code;
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every distinct code that must never reach a page as it is (the no-raw-codes journey's list). */
export function allCodes(): string[] {
  return [...new Set(LABEL_KINDS.flatMap((k) => [...CODE_LISTS[k]] as string[]))];
}
