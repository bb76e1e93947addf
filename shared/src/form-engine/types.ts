/**
 * Configuration shapes of the configuration-driven application flow (§3 Field configuration, Field types,
 * Container forms, Component config; §4 config modes, flow types, progress). These are data: the server seeds
 * and stores them, the portal and the backstage render them, and both validate values against them.
 * Pure types only, so Node (the server) can import them through contract.ts.
 */
import type { ApplicantType, ConfigMode, FlowType, SingleOrJoint } from '../types';


// ---------------------------------------------------------------------------------------------------------------
// Field types (§3)
// ---------------------------------------------------------------------------------------------------------------

export const FIELD_TYPES = [
  'text',
  'password',
  'textarea',
  'gauge_chart',
  'date',
  'checkbox',
  'toggle',
  'fileUploadHub',
  'dropdown',
  'range',
  'slider',
  'counter',
  'radio',
  'tabs',
  'button',
  'financial_table',
  'timer',
  'accordion',
  'signaturePad',
  'otp',
  'multipleInputs',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** field_identifier: C custom, H skipped (never rendered, validated or saved); P, PI, PG, G, CG; otherwise normal. */
export type FieldIdentifier = 'C' | 'H' | 'P' | 'PI' | 'PG' | 'G' | 'CG';

/** category: USER, EXTERNAL, anything else (or absent) means a customer field. */
export type FieldCategory = 'USER' | 'EXTERNAL' | 'CUSTOMER';

/** Date bound kinds carried in field_type_details.property for date fields (§5). */
export type DateBoundProperty = 'BETWEEN_DATE' | 'BETWEEN_AGE' | 'BETWEEN_DAYS';
export const DATE_BOUND_PROPERTIES: readonly DateBoundProperty[] = ['BETWEEN_DATE', 'BETWEEN_AGE', 'BETWEEN_DAYS'];

/** Units accepted by BETWEEN_DAYS bounds, e.g. "30 Day", "2 Week", "-1 Year". */
export type DaysBoundUnit = 'Day' | 'Week' | 'Month' | 'Year';

export type PropertyType = 'DROPDOWN' | 'RADIO';

/** Grid size: a percentage (number or "50%"), content-fitting, or auto. */
export type GridSize = number | `${number}%` | 'fit-content' | 'auto';

export interface DisplayConfigs {
  height?: GridSize | string;
  width?: GridSize | string;
  alignment?: 'left' | 'center' | 'right' | string;
}

/** One option of a dropdown, radio or tabs field (internal_list). Plain strings are accepted as label = value. */
export interface FieldOption {
  label: string;
  value: string | number | boolean;
  disabled?: boolean;
  /** The label in other languages, by language code (hi: "महिला"); label is the English one. */
  labels?: Record<string, string>;
}
export type FieldOptionInput = FieldOption | string;

export type AggregationType = 'SUM' | 'AVERAGE' | 'COUNT' | 'MIN' | 'MAX';

export interface FieldTypeDetails {
  type: FieldType;
  mandatory?: boolean;
  /** Pattern the text must match (a JS RegExp source, anchored by the author when needed). */
  regex?: string;
  /**
   * Bounds. Numbers for amounts, sliders, counters and ranges; for dates depends on `property`:
   * BETWEEN_DATE a literal date in date_format, BETWEEN_AGE years (min age / max age),
   * BETWEEN_DAYS "N Day|Week|Month|Year" (or a plain number of days) from today.
   */
  min_value?: number | string | null;
  max_value?: number | string | null;
  /** moment format; default DD/MM/YYYY (§9). */
  date_format?: string;
  /** Date bound kind for dates; the control's property (name) for dropdown and radio. */
  property?: DateBoundProperty | string;
  property_type?: PropertyType;
  multiple?: boolean;
  defaultValue?: unknown;
  /** true, or a currency code (INR, USD, AUD, percent…): the text holds an amount checked by range. */
  currency_field?: boolean | string;
  /** Marks an amount field typed with the amount keystroke rules (defaults to currency_field). */
  amount_field?: boolean;
  /** Maximum integer digits of an amount (§5 default 10). */
  max_amount_length?: number;
  /** Interest rate field: digits and a dot, at most 99.99. */
  interest_rate?: boolean;
  /** Counter/slider step; 1 when absent. */
  step?: number;
  verification_field?: boolean | string;
  internal?: boolean;
  internal_list?: FieldOptionInput[];
  displayConfigs?: DisplayConfigs;
  /** Accepted file kinds for fileUploadHub; defaults to all of §5's allowed types. */
  allowed_file_types?: FileKind[];
  /** Extra type-specific settings (timer seconds, otp recipient…) that validation ignores. */
  [extra: string]: unknown;
}

export interface FieldConfig {
  key: string;
  /** Display label; `label` and `value` are both used by configurations for the same purpose. */
  label?: string;
  value?: string;
  groupKey?: string;
  groupType?: 'CONTAINER' | string;
  groupSubType?: 'NESTED_TABLE' | string;
  isSectionHeader?: boolean;
  /** Column aggregated into container row totals; true means SUM. */
  aggregation?: boolean | AggregationType;
  summaryEnabled?: boolean;
  /** Container allows adding another record (section). */
  addSection?: boolean;
  /** Container allows adding another sub-record (row). */
  addRow?: boolean;
  field_identifier?: FieldIdentifier | string;
  category?: FieldCategory | string;
  /** Editable for the primary applicant (false: read-only). */
  enable?: boolean;
  secondaryEnable?: boolean;
  guarantorEnable?: boolean;
  internal?: boolean;
  hide?: boolean;
  field_type_details: FieldTypeDetails;
  /** Child fields of a CONTAINER group (its columns). */
  fields?: FieldConfig[];
  order?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Values of special field types (§3)
// ---------------------------------------------------------------------------------------------------------------

/** §5 allowed file kinds. */
export type FileKind = 'image' | 'doc' | 'pdf' | 'xls' | 'application' | 'compress' | 'video';

export interface UploadedDocument {
  fileId?: string;
  name: string;
  size: number;
  type: string;
}

export interface FileUploadHubValue {
  uploadedDocuments: UploadedDocument[];
  documentCollectionMode?: string;
  requestSent?: boolean;
}

export interface SignatureValue {
  type: 'signaturePad' | string;
  fileId?: string | null;
  /** A typed signature's text, whole (the image is the name drawn on the pad; issue 28). */
  typedName?: string;
}

export interface OtpValue {
  type: 'otp' | string;
  recipient?: string;
  isVerified?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Container forms (§3): records, each with subRecords, headers and a total, plus an overall total.
// ---------------------------------------------------------------------------------------------------------------

export interface ContainerHeader {
  key: string;
  label: string;
  aggregation?: boolean | AggregationType;
}

export interface ContainerRecord {
  headers: ContainerHeader[];
  subRecords: FormValues[];
  /** Aggregate of the record's aggregated columns; null when nothing is aggregated. */
  total: number | null;
}

export interface ContainerValue {
  records: ContainerRecord[];
  overallTotal: number | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Page rules (§5): hide, conditional hide over other field values with 'and' / 'or' conditions.
// ---------------------------------------------------------------------------------------------------------------

export type ConditionOperator =
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'IN'
  | 'NOT_IN'
  | 'GREATER_THAN'
  | 'LESS_THAN'
  | 'EMPTY'
  | 'NOT_EMPTY';

export interface RuleCondition {
  /** Key of the field whose value is compared. */
  key: string;
  /** EQUAL when absent. */
  operator?: ConditionOperator;
  value?: unknown;
}

export interface PageRule {
  /** HIDE hides unconditionally; CONDITIONAL_HIDE hides when the conditions match. */
  type: 'HIDE' | 'CONDITIONAL_HIDE';
  /** Field keys hidden by the rule. */
  fields?: string[];
  /** Group keys hidden by the rule (every field with that groupKey). */
  groups?: string[];
  /** All must match. */
  and?: RuleCondition[];
  /** At least one must match. When both lists are given, both must hold. */
  or?: RuleCondition[];
}

// ---------------------------------------------------------------------------------------------------------------
// Component config (§3)
// ---------------------------------------------------------------------------------------------------------------

export interface LookupConfig {
  key: string;
  lookupId?: string;
  dependsOn?: string[];
  params?: Record<string, unknown>;
}

export interface PropertyConfig {
  key: string;
  property: string;
  value: unknown;
}

export type FormValues = Record<string, unknown>;

export interface ComponentConfig {
  componentId: string;
  componentName?: string;
  fields: FieldConfig[];
  initialValues?: FormValues;
  ruleConfigs?: PageRule[];
  lookupConfigs?: LookupConfig[];
  propertyConfigs?: PropertyConfig[];
}

// ---------------------------------------------------------------------------------------------------------------
// Flow, sections and sub-sections (§2 customer flow navigation, §4 route stepping)
// ---------------------------------------------------------------------------------------------------------------

export type CustomerKind = 'new' | 'existing';

export interface SubSection {
  subSectionId: string;
  name?: string;
  /** Route name of the sub-section; componentRouteInfo is the name progress entries carry. */
  routeName: string;
  componentRouteInfo?: string;
  components?: ComponentConfig[];
  /** Shorthand for a single component whose id is the subSectionId. */
  fields?: FieldConfig[];
  skipForNewCustomer?: boolean;
  skipForExistingCustomer?: boolean;
  skipForSingle?: boolean;
  skipForJoint?: boolean;
  /** Not shown to the primary applicant. */
  disabledForPrimary?: boolean;
  /** Filled once per application (by the primary): skipped for the other applicant types. */
  isSingle?: boolean;
  /** Applicant types the sub-section applies to; all when absent. */
  applicantTypes?: ApplicantType[];
  /** The existing-customer OTP step: skipped for new customers. */
  isExistingCustomerOtp?: boolean;
  /** Custom page rendered on the custom route. */
  isCustom?: boolean;
  /** Custom route; "capture_1" when absent (§2). */
  customRoute?: string;
  /** Dedupe details sub-section: its result switches the applicant type primary ↔ secondary (§4). */
  isDedupe?: boolean;
  /** Saving requires every applicable field to be valid (§5). Defaults to true. */
  mandatoryValidations?: boolean;
  /** Sub-section disabled by configuration: never visited. */
  hide?: boolean;
}

export interface Section {
  sectionId: string;
  name: string;
  routeName: string;
  subSections: SubSection[];
  isSummary?: boolean;
  order?: number;
  hide?: boolean;
}

export interface FlowConfig {
  flowId: string;
  flowName: string;
  verNum: number;
  mode: ConfigMode;
  flowType: FlowType;
  product_code?: string;
  flowTheme?: string;
  startRoute?: string;
  /** Default custom route for custom pages (§2: "capture_1"). */
  custom_route?: string;
  sections: Section[];
}

/** Who is filling the flow: decides which sub-sections apply. */
export interface NavigationContext {
  customerKind: CustomerKind;
  singleORjoint: SingleOrJoint;
  applicantType: ApplicantType;
}

/** A position in the flow. */
export interface FlowPosition {
  sectionId: string;
  subSectionId: string;
}

/** A resolved step: position plus the route to render it on. */
export interface FlowStep extends FlowPosition {
  sectionIndex: number;
  subSectionIndex: number;
  route: string;
  isCustom: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation results (§5 error keys; §8 'label - reason' items)
// ---------------------------------------------------------------------------------------------------------------

export type FormErrorKey = 'invalidDate' | 'invalidRange' | 'invalidValue' | 'required';
export const FORM_ERROR_KEYS: readonly FormErrorKey[] = ['invalidDate', 'invalidRange', 'invalidValue', 'required'];

export type FieldErrors = Record<string, FormErrorKey>;

export interface ValidationIssue {
  key: string;
  label: string;
  errorKey: FormErrorKey;
  /** Human reason, shown as 'label - reason'. */
  reason: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Progress (§4) and the step indicator (§2)
// ---------------------------------------------------------------------------------------------------------------

export type StepIndicatorState = 'complete' | 'partial' | 'upcoming';

export interface StepIndicatorItem {
  sectionId: string;
  name: string;
  state: StepIndicatorState;
  /** 0–100. */
  percent: number;
  current: boolean;
}
