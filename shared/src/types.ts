/** Entities of §3. Field names follow the spec word for word (including its mixed casing). */
export type ApplicationStatus = 'ACTIVE' | 'CANCELLED' | 'REJECTED' | 'DELETED' | 'COMPLETED' | 'INACTIVE';
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ['ACTIVE', 'CANCELLED', 'REJECTED', 'DELETED', 'COMPLETED', 'INACTIVE'];

export type TaskProgress = 'In Progress' | 'Pending' | 'Completed' | 'Rejected' | 'Cancelled';
export type ComponentProgress = 'PENDING' | 'PROGRESS' | 'COMPLETE';
export type ApplicantType = 'primary' | 'secondary' | 'guarantor';
export type SingleOrJoint = 'Single' | 'Joint';
export type ConfigMode = 'SAVED' | 'DRAFT';
export type FlowType = 'APPVD' | 'CUST_FLOW' | 'APPLICATION_SUMMARY' | 'none';
export type StepCompletionType = 'CANCEL' | 'COMPLETE_WITH_VALIDATIONS' | 'RAISE_EXCEPTIONS' | 'COMPLETE';
export type TaskValidationError = 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL' | 'APPROVALS_PENDING' | 'QUERIES_PENDING';
export type TeamType = '_HIERARCHY' | '_DEPT';

export interface UserRef { id: string; username: string; displayName: string }

export interface ProgressComponent { componentId: string; componentRouteInfo: string; status: ComponentProgress }
export interface SectionProgress { sectionId: string; status: ComponentProgress; components: ProgressComponent[] }

export interface Verification { key: string; isVerified: boolean; output?: unknown }

export interface Applicant {
  applicantId: string;
  type: ApplicantType;
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
  /** Set for secondary applicants and guarantors. */
  primaryApplicantId?: string;
  [key: string]: unknown;
}

export interface AssignmentInfo {
  assignedTo?: string | null;
  assignedTeam?: string[];
  allowedUsers?: string[];
  progress?: TaskProgress;
  taskName?: string;
  taskId?: string;
}

export interface LifeCycleStep { stepName: string; type: string; summaryEnabled: boolean; assignmentInfo: AssignmentInfo[] }
export interface AppLifeCycle { stage: number; steps: LifeCycleStep[] }

/**
 * §2's sub-statuses that show the snooze, queries, approvals and close tabs: QUERIES while queries
 * are open on the application, APPROVAL while approvals (or raised exceptions) wait or the current
 * step is an approval step.
 */
export type SubStatus = 'QUERIES' | 'APPROVAL';

export interface Application {
  application_id: string;
  product_type_code?: string;
  singleORjoint: SingleOrJoint;
  applicant: Applicant[];
  campaign_id?: string;
  source_id?: string;
  product_code: string;
  product_name?: string;
  application_status: ApplicationStatus;
  section_id?: string;
  sub_section_id?: string;
  lastSection_id?: string;
  section_size?: number;
  startRoute?: string;
  custom_route?: string;
  verNum: number;
  ver_num?: number;
  mod_time: string;
  flowName?: string;
  flowId?: string;
  appLifeCycle?: AppLifeCycle;
  initiatedBy?: UserRef;
  userDetails?: Record<string, unknown>;
  customFields?: Record<string, unknown>;
  existing_or_new_customer?: 'new' | 'existing';
  maximumJointApplicants?: number;
  verifications?: Verification[];
  progress?: SectionProgress[];
  isNewApplication?: boolean;
  /** Computed by the server for GET /v3/application/{id}; null when none applies. */
  subStatus?: SubStatus | null;
}

export interface SlaTimeLimit { enabled: boolean; valueInMins: number; expectedEndTS?: string | null }
export interface SlaPart { status: string; startTS?: string | null; endTS?: string | null; timeLimit: SlaTimeLimit }

export interface Task {
  taskId: string;
  name: string;
  application_id: string;
  progress: TaskProgress;
  assignedTo?: string | null;
  assignedTeam: string[];
  allowedUsers: string[];
  blocking: boolean;
  type: string;
  flowInfo: { product_code: string; flowName: string; verNum: number };
  stepInfo: { stepType: string; stepName: string; stepNumber: number };
  actions: { type: string; value: string }[];
  activeOn?: string;
  operationalLevelAgreement: { overall: SlaPart; queued: SlaPart; assigned: SlaPart };
}

export interface ApplicationListResult<T = Application> {
  data: T[];
  count: number;
  stageWise: { stepName: string; count: number }[];
  taskNameWise: { taskName: string; count: number }[];
  versionNumberWise: { versionNumber: number; count: number }[];
  closedCount?: number;
}

export interface ListQueryInput {
  product_code?: string;
  filter?: unknown;
  applicant?: string;
  userIds?: string[];
  progress?: TaskProgress[];
  allowedUsers?: string[];
  teams?: string[];
  stepName?: string;
  taskName?: string;
  queryType?: string;
  _applicationStatus?: ApplicationStatus[];
  pagination?: { pageSize: number; cursor?: string | null; page?: number };
  _verNum?: number;
  export?: boolean;
}

export interface Team { id: string; name: string; type: TeamType }

export interface User {
  userId: string;
  userName: string;
  firstName?: string;
  lastName?: string;
  displayName?: string;
  name?: string;
  roles: string[];
  teams: Team[];
  attributes?: { areaIDs?: string[]; branchList?: string[]; regionIDs?: string[]; zoneIDs?: string[] };
}

export interface Session {
  access_token: string;
  refresh_token: string;
  sessionId: string;
  sessionExpiryTime: number;
  expires_in: number;
  appRefId?: string;
}

export interface Notification {
  _id: string;
  notificationId: string;
  createdAT: string;
  status: '1' | '0';
  isCounted: boolean;
  metadata: { type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM' };
  username: string;
  messages: string[];
  count: number;
}

export interface TemplateListItem { template_id: string; template_name: string; template_type: 'PDF' | 'SMS' | 'HTML' | 'EMAIL'; verNum: number }

export interface ThemeColours {
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  surfaceColor: string;
  typography: Record<'primary' | 'secondary' | 'background' | 'surface' | 'disable' | 'error' | 'success', string>;
}

/** The nine application list types of §2 (ListQueryInput.queryType; table config ids). */
export const LIST_TYPES = [
  'TEAM_APPLICATIONS', 'TEAM_LEADS', 'MY_APPLICATIONS', 'MY_LEADS', 'MY_QUERIES', 'MY_APPROVALS',
  'ALL_APPLICATIONS', 'REJECTED', 'CANCELLED',
] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** §5 filter operators by field type. */
export const FILTER_OPERATORS = {
  amount: ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL'],
  text: ['EQUAL', 'NOT_EQUAL', 'CONTAINS', 'ENDS_WITH'],
  date: ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN'],
  dropdown: ['EQUAL', 'NOT_EQUAL'],
} as const;
export type FilterFieldType = keyof typeof FILTER_OPERATORS;
export type FilterOperator = (typeof FILTER_OPERATORS)[FilterFieldType][number];

/**
 * One column of a list's table config (GET /backstage/getTableConfig/{id}). `key` is where the
 * value sits in a list row (the §3 names: stepName, progress, assignedTo, slaDueAt,
 * customFields.{key}…). Sorting and filtering use the same name unless the column says otherwise
 * (`sortKey`, `filterKey`) for a field the server knows under another name.
 */
export interface TableColumn {
  key: string;
  label: string;
  type: FilterFieldType;
  filterable: boolean;
  /** Only columns the server can order by say so; the others keep the server's order (newest first). */
  sortable?: boolean;
  sortKey?: string;
  filterKey?: string;
  options?: string[];
}

/** Which §6 assignment permission codes apply on a list; null when the list offers no assignment. */
export interface AssignPermissions {
  assign: string;
  reassign: string;
  assignSelf: string;
}

/** A list's table config: its columns, defaults and assignment permissions. */
export interface TableConfig {
  tableId: ListType;
  title: string;
  columns: TableColumn[];
  defaultStatus?: string;
  pageSize?: number;
  pageSizes?: number[];
  gridPageSizes?: number[];
  permissions: AssignPermissions | null;
  exportable?: boolean;
}

/** One list filter: a core field or `customFields.{key}` (ListQueryInput.filter is a list of these). */
export interface ListFilter {
  field: string;
  operator: FilterOperator;
  /** Dates as DD/MM/YYYY or ISO; dropdown EQUAL/NOT_EQUAL also accept a list. */
  value: string | number | (string | number)[];
  /** Needed for customFields the server has no field configuration for; core fields know theirs. */
  type?: FilterFieldType;
}

/** Keyset page of a list: pass nextCursor back as pagination.cursor for the next page. */
export interface ListPageInfo { pageSize: number; nextCursor: string | null; hasMore: boolean }

/** What the customer portal sends to start an application (consumer save without application_id). */
export interface PortalStartInput {
  product_code: string;
  campaign_id?: string;
  source_id?: string;
  existing_or_new_customer: 'new' | 'existing';
  singleORjoint: SingleOrJoint;
  coApplicants?: number;
  guarantors?: number;
}
