import { DEFAULT_PAGE_SIZE, GRID_PAGE_SIZES, PAGE_SIZES, type ListType } from '@lendline/shared/contract';

interface Column { key: string; label: string; type: 'text' | 'amount' | 'date' | 'dropdown'; filterable: boolean; sortable?: boolean; options?: string[] }

const col = (key: string, label: string, type: Column['type'], options?: string[]): Column => ({ key, label, type, filterable: true, ...(options ? { options } : {}) });
/** A column the list can be sorted by on the server (see SORTABLE in domain/lists/list-service.ts). */
const sortable = (c: Column): Column => ({ ...c, sortable: true });

const BASE: Column[] = [
  sortable(col('application_id', 'Application ID', 'text')),
  sortable(col('applicant_name', 'Applicant', 'text')),
  col('product_code', 'Product', 'dropdown', ['PL', 'HL', 'BL']),
  sortable(col('customFields.loanAmount', 'Loan amount', 'amount')),
  col('step_name', 'Stage', 'text'),
  col('task_name', 'Task', 'text'),
  col('task_progress', 'Progress', 'dropdown', ['In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled']),
  col('assigned_to', 'Assigned to', 'text'),
  sortable(col('sla_due_at', 'SLA due', 'date')),
  sortable(col('cre_time', 'Created', 'date')),
];

/** Which §6 assignment permissions apply on a list (team lists and leads share TEAM_*). */
const TEAM_PERMS = { assign: 'TEAM_APPLICATIONS_ASSIGN', reassign: 'TEAM_APPLICATIONS_REASSIGN', assignSelf: 'TEAM_APPLICATIONS_ASSIGN_SELF' };
const ALL_PERMS = { assign: 'ALL_APPLICATIONS_ASSIGN', reassign: 'ALL_APPLICATIONS_REASSIGN', assignSelf: 'ALL_APPLICATIONS_ASSIGN_SELF' };

function table(id: ListType, title: string, extra: Column[], permissions: typeof TEAM_PERMS | null, defaultStatus = 'ACTIVE') {
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
  table('TEAM_APPLICATIONS', 'Team applications', [col('assigned_team', 'Team', 'text')], TEAM_PERMS),
  table('TEAM_LEADS', 'Team leads', [col('assigned_team', 'Team', 'text')], TEAM_PERMS),
  table('MY_APPLICATIONS', 'My applications', [], null),
  table('MY_LEADS', 'My leads', [], null),
  table('MY_QUERIES', 'My queries', [col('open_queries', 'Open queries', 'amount')], null),
  table('MY_APPROVALS', 'My approvals', [col('open_approvals', 'Pending approvals', 'amount')], null),
  table('ALL_APPLICATIONS', 'All applications', [col('branch', 'Branch', 'dropdown', ['BR-NORTH', 'BR-SOUTH']), col('customFields.loanPurpose', 'Purpose', 'text')], ALL_PERMS),
  table('REJECTED', 'Rejected', [col('branch', 'Branch', 'dropdown', ['BR-NORTH', 'BR-SOUTH'])], null, 'REJECTED'),
  table('CANCELLED', 'Cancelled', [col('branch', 'Branch', 'dropdown', ['BR-NORTH', 'BR-SOUTH'])], null, 'CANCELLED'),
];

export const TEMPLATES = [
  { template_id: 'SANCTION_LETTER', template_name: 'Sanction letter', template_type: 'PDF', body: { subject: 'Sanction of your {{product_name}}', html: '<h1>Sanction letter</h1><p>Dear {{applicant_name}}, your loan of {{loanAmount}} is sanctioned.</p>' } },
  { template_id: 'APPLICATION_RECEIVED_SMS', template_name: 'Application received', template_type: 'SMS', body: { text: 'Your application {{application_id}} is received. Track it in the app.' } },
  { template_id: 'DOCUMENTS_PENDING_EMAIL', template_name: 'Documents pending', template_type: 'EMAIL', body: { subject: 'Documents pending for {{application_id}}', html: '<p>Please upload {{documents}}.</p>' } },
  { template_id: 'REJECTION_EMAIL', template_name: 'Application declined', template_type: 'EMAIL', body: { subject: 'About your application {{application_id}}', html: '<p>We are unable to proceed.</p>' } },
  { template_id: 'WELCOME_KIT', template_name: 'Welcome kit', template_type: 'HTML', body: { html: '<h1>Welcome to Lendline</h1>' } },
] as const;

/** Hindi labels for the fields every flow shares (translation fetchData, lang=hi). */
export const HINDI_LABELS: Record<string, string> = {
  firstName: 'पहला नाम',
  lastName: 'उपनाम',
  dateOfBirth: 'जन्म तिथि',
  mobile: 'मोबाइल नंबर',
  email: 'ईमेल पता',
  loanAmount: 'ऋण राशि',
  tenureMonths: 'अवधि (महीने)',
  loanPurpose: 'ऋण का उद्देश्य',
  declaration: 'मैं पुष्टि करता हूँ कि दी गई जानकारी सत्य है',
};
