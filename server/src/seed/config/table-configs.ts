import { DEFAULT_PAGE_SIZE, GRID_PAGE_SIZES, PAGE_SIZES, type ListType, type TableColumn, type TableConfig } from '@lendline/shared/contract';

type Column = TableColumn;

/**
 * Column keys are where the value sits in a list row (§3 names, as toListItem writes them), so the
 * page reads cells, sorts, filters and exports with one name (domain/lists/sort.ts and filters.ts
 * accept these names). A column may still carry sortKey / filterKey when the server knows it under
 * another name only; the seeded ones need none.
 */
const col = (key: string, label: string, type: Column['type'], extra: Partial<Column> = {}): Column => ({ key, label, type, filterable: true, ...extra });
/** A column the list can be sorted by on the server. */
const sortable = (c: Column, sortKey?: string): Column => ({ ...c, sortable: true, ...(sortKey ? { sortKey } : {}) });

const BASE: Column[] = [
  sortable(col('application_id', 'Application ID', 'text')),
  sortable(col('applicant_name', 'Applicant', 'text')),
  col('product_code', 'Product', 'dropdown', { options: ['PL', 'HL', 'BL'] }),
  sortable(col('customFields.loanAmount', 'Loan amount', 'amount')),
  col('stepName', 'Stage', 'text'),
  col('taskName', 'Task', 'text'),
  col('progress', 'Progress', 'dropdown', { options: ['In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled'] }),
  col('assignedTo', 'Assigned to', 'text'),
  sortable(col('slaDueAt', 'SLA due', 'date')),
  sortable(col('cre_time', 'Created', 'date')),
];
const BRANCH = col('branch', 'Branch', 'dropdown', { options: ['BR-NORTH', 'BR-SOUTH'] });
const TEAM = col('assignedTeam', 'Team', 'text');

/** Which §6 assignment permissions apply on a list (team lists and leads share TEAM_*). */
const TEAM_PERMS = { assign: 'TEAM_APPLICATIONS_ASSIGN', reassign: 'TEAM_APPLICATIONS_REASSIGN', assignSelf: 'TEAM_APPLICATIONS_ASSIGN_SELF' };
const ALL_PERMS = { assign: 'ALL_APPLICATIONS_ASSIGN', reassign: 'ALL_APPLICATIONS_REASSIGN', assignSelf: 'ALL_APPLICATIONS_ASSIGN_SELF' };

function table(id: ListType, title: string, extra: Column[], permissions: typeof TEAM_PERMS | null, defaultStatus = 'ACTIVE'): TableConfig {
  return {
    tableId: id,
    title,
    columns: [...BASE, ...extra],
    defaultStatus,
    pageSize: DEFAULT_PAGE_SIZE,
    pageSizes: [...PAGE_SIZES],
    gridPageSizes: [...GRID_PAGE_SIZES],
    permissions,
    exportable: true,
  };
}

/** A table config per list type of §2 (GET /backstage/getTableConfig/{id}). */
export const TABLE_CONFIGS = [
  table('TEAM_APPLICATIONS', 'Team applications', [TEAM], TEAM_PERMS),
  table('TEAM_LEADS', 'Team leads', [TEAM], TEAM_PERMS),
  table('MY_APPLICATIONS', 'My applications', [], null),
  table('MY_LEADS', 'My leads', [], null),
  table('MY_QUERIES', 'My queries', [col('openQueries', 'Open queries', 'amount')], null),
  table('MY_APPROVALS', 'My approvals', [col('openApprovals', 'Pending approvals', 'amount')], null),
  table('ALL_APPLICATIONS', 'All applications', [BRANCH, col('customFields.loanPurpose', 'Purpose', 'text')], ALL_PERMS),
  table('REJECTED', 'Rejected', [BRANCH], null, 'REJECTED'),
  table('CANCELLED', 'Cancelled', [BRANCH], null, 'CANCELLED'),
];

/**
 * Table configs saved before columns were keyed by row names spelled them as database columns.
 * GET /backstage/getTableConfig reads such a stored config with the row key and the old name kept
 * as its sort/filter key, so a database seeded earlier (the 1M benchmark book) shows the same cells.
 */
const LEGACY_KEYS: Record<string, Pick<Column, 'key'> & Partial<Column>> = {
  step_name: { key: 'stepName' },
  task_name: { key: 'taskName' },
  task_progress: { key: 'progress' },
  assigned_to: { key: 'assignedTo' },
  assigned_team: { key: 'assignedTeam' },
  sla_due_at: { key: 'slaDueAt' },
  open_queries: { key: 'openQueries' },
  open_approvals: { key: 'openApprovals' },
};

export function withRowKeys(config: TableConfig): TableConfig {
  if (!Array.isArray(config?.columns)) return config;
  return { ...config, columns: config.columns.map((c) => (LEGACY_KEYS[c.key] ? { ...c, ...LEGACY_KEYS[c.key] } : c)) };
}

export const TEMPLATES = [
  { template_id: 'SANCTION_LETTER', template_name: 'Sanction letter', translations: { hi: { template_name: 'ऋण स्वीकृति पत्र' } }, template_type: 'PDF', body: { subject: 'Sanction of your {{product_name}}', html: '<h1>Sanction letter</h1><p>Dear {{applicant_name}}, your loan of {{loanAmount}} is sanctioned.</p>' } },
  { template_id: 'APPLICATION_RECEIVED_SMS', template_name: 'Application received', translations: { hi: { template_name: 'आवेदन प्राप्त हुआ' } }, template_type: 'SMS', body: { text: 'Your application {{application_id}} is received. Track it in the app.' } },
  { template_id: 'DOCUMENTS_PENDING_EMAIL', template_name: 'Documents pending', translations: { hi: { template_name: 'दस्तावेज़ लंबित' } }, template_type: 'EMAIL', body: { subject: 'Documents pending for {{application_id}}', html: '<p>Please upload {{documents}}.</p>' } },
  { template_id: 'REJECTION_EMAIL', template_name: 'Application declined', translations: { hi: { template_name: 'आवेदन अस्वीकृत' } }, template_type: 'EMAIL', body: { subject: 'About your application {{application_id}}', html: '<p>We are unable to proceed.</p>' } },
  { template_id: 'WELCOME_KIT', template_name: 'Welcome kit', translations: { hi: { template_name: 'स्वागत किट' } }, template_type: 'HTML', body: { html: '<h1>Welcome to Lendline</h1>' } },
] as const;
