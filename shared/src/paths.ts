/**
 * API paths of §7, word for word. Parameterised paths are functions. Paths marked {admin} in the
 * spec live in ADMIN_PATHS: debug mode never prefixes them.
 */
export const AUTH = {
  login: '/v3/auth/login',
  refreshToken: '/v3/auth/refresh-token',
  endSession: '/v3/auth/end-session',
  logout: '/v3/auth/logout',
  userLogout: '/user/logout',
  forgetPassword: '/v3/auth/forget-password',
  publicKey: '/v3/auth/public-key',
  /** Not in §7: the keys of unsaved edits kept on the device (docs/identity.md "Unsaved edits across sessions"). */
  draftKeys: '/v3/auth/draft-keys',
} as const;

export const USERS = {
  byId: (userId: string) => `/v3/users/${encodeURIComponent(userId)}`,
  list: '/v3/users',
  roles: '/v3/users/roles',
  groupsByUserId: '/v3/users/groupsByUserId',
  updateSelectedTeams: '/v3/users/update_selected_teams',
  getGroup: '/v3/users/getGroup',
  getGroupMembers: '/v3/users/getGroupMembers',
  rolesByUserName: '/v3/users/roles',
  getGroupDetailByGroupName: '/v3/users/getGroupDetailByGroupName',
  tokenApiGetToken: '/tokenApi/getToken',
} as const;

export const CAPTCHA = { validate: '/v3/captcha/validateCaptcha' } as const;

export const CONFIG = {
  remotes: '/config/remotes',
  setupConfig: (a: string, b: string) => `/setup/configs/${a}/${b}`,
  setupConfigsByProduct: (productCode: string) => `/v3/setup_configs/${productCode}`,
  reports: '/setup/configs/Analytics/Reports',
  componentSetupConfigs: '/v3/component/setup_configs',
  componentSetupConfig: (cat: string, sub: string) => `/component/setup_config/${cat}/${sub}`,
  componentConfigs: '/v3/component/componentConfigs',
  componentConfigById: (id: string) => `/v3/component/componentConfigs/${id}`,
  componentsConfigs: '/v3/component/componentsConfigs',
  fieldsConfig: '/config/get_fields_config',
  flowConfigById: (verNum: number | string, flowId: string) => `/config/flow_config_by_id/${verNum}/${flowId}`,
  flowConfigs: '/config/flow_configs',
  routeConfig: (a: string, b: string) => `/config/route_config/${a}/${b}`,
  latestRouteConfig: (id: string) => `/config/latest_route_config/${id}`,
  fetchRules: '/v3/flow/fetch_rules',
  fetchFlowDetails: '/v3/flow/fetch_flowDetails',
  allProducts: '/v3/lead/getAllProducts',
  masterProducts: '/master_configs/products',
  filterProducts: '/setup/configs/FILTERS/PRODUCTS',
  templateListAllVersion: '/v3/template/templateListAllVersion',
  captureAction: '/workFlowExecution/captureAction',
  captureActionV3: '/v3/captureAction',
  i18n: (lang: string) => `./assets/i18n/${lang}.json`,
  translate: '/v3/translation/translate',
  translationFetchData: '/v3/translation/fetchData',
} as const;

export const LISTS = {
  tableConfig: (id: string) => `/backstage/getTableConfig/${id}`,
  mailTemplate: (id: string) => `/backstage/getMailTemplate/${id}`,
  products: '/backstage/Products',
  getApplications: '/backstage/getApplications',
  getApplicationsNew: '/backstage/getApplicationsNew',
  getApplicationsFollowed: '/backstage/getApplicationsFollowed',
  getApplicationsDeclined: '/backstage/getApplicationsDeclined',
  getFilter: '/backstage/getFilter',
  globalSearch: '/backstage/globalSearch',
  localSearch: '/backstage/localSearch',
  graphql: '/v3/graphql',
  saveFilter: '/setup/save_or_update',
  statusUpdate: '/app/status_update',
  fetchApplications: '/app/fetch_applications',
} as const;

export const APPLICATION_ACTIONS = [
  'reject', 'cancelReject', 'cancel', 'inactivate', 'activate', 'revert_stage', 'release', 'delete',
  'request_for_callback', 'complete_callback', 'assign', 'reassign', 'complete_step/user',
] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

export const APPLICATIONS = {
  action: (action: ApplicationAction) => `/v3/application/action/${action}`,
  approval: (action: 'approve' | 'reject' | 'forward' | 'send_back') => `/v3/application/approvals/${action}`,
  getApprovals: '/v3/application/approvals/getApprovals',
  requestUserInfo: '/v3/application/queries/requestUserInfo',
  requestInfo: '/v3/application/queries/requestInfo',
  userSave: '/v3/application/user/save_or_update',
  consumerSave: '/v3/application/consumer/save_or_update',
  save: '/v3/application/save',
  verify: '/v3/application/verify',
  byId: (id: string) => `/v3/application/${encodeURIComponent(id)}`,
  copy: (id: string) => `/v3/application/copy/${encodeURIComponent(id)}`,
  audits: '/v3/audits/getAudits',
  addMandatoryValidations: '/validations/addMandatoryValidations',
  updateMandatoryValidations: '/validations/updateMandatoryValidations',
} as const;

/** Leads (§1 Team leads / My leads, §2 lead creation): staff create one and convert it to an application. */
export const LEADS = {
  create: '/v3/lead/create',
  convert: '/v3/lead/convert',
} as const;

export const TASKS = {
  getConfigs: '/v3/taskconfigs/getConfigs',
  subTaskList: (a: string, b: string, c: string, d: string) => `/v3/taskconfigs/subTaskList/${a}/${b}/${c}/${d}`,
  subTaskDetails: (id: string) => `/v3/taskconfigs/subTaskDetails/${id}`,
  updateSnoozeTime: '/v3/taskconfigs/updateSnoozeTime',
  removeSnoozeTime: '/v3/taskconfigs/removeSnoozeTime',
  createSubTask: '/v3/taskconfigs/createSubTask',
  updateSubTask: '/v3/taskconfigs/updateSubTask',
  reopenSubTask: '/v3/taskconfigs/reopenSubTask',
  closeSubTask: '/v3/taskconfigs/closeSubTask',
  addCommentToTask: '/v3/taskconfigs/addCommentToTask',
  updateAndResolveQuery: '/v3/queries/updateAndResolveQuery',
  queryFields: '/v3/queries/getFields',
  /** Issue 26: who may receive a query on this application, by name (the Raise a query dialog's picker). */
  queryRecipients: '/v3/queries/recipients',
  sendRequestForInfoNotifications: '/v3/queries/sendRequestForInfoNotifications',
  createOrUpdateQuery: '/queries/createOrUpdateQuery',
  updateQuery: '/queries/updateQuery',
  unresolvedCountByUserId: '/queries/getQueriesUnresolvedCountByUserId',
  fieldsForReqInfo: (id: string) => `/v3/queries/fetchFieldsForReqInfo/${id}`,
  queriesByApplication: (applicationId: string) => `/v3/queries/${encodeURIComponent(applicationId)}`,
} as const;

export const DOCUMENTS = {
  delete: '/v3/deleteDocument',
  updateMetadata: '/v3/document/updatemetadata',
  update: '/v3/updateDocument',
  copy: '/v3/copyFile',
  merge: '/v3/mergeDocument',
  remove: '/upload/removeDocument',
  removeByFileId: '/v3/remove/',
  createTemplate: '/pdfgenerate/createTemplate',
  generatePdf: '/pdfgenerate/generatePDF',
  uploadSignature: '/api/uploadSignaturetoS3',
  uploadLocalFile: '/api/uploadLocalFiletoS3',
  uploadNic: '/api/uploadNICtos3',
  /** The documents tab's list and a file as a blob (reads the §7 list leaves unnamed). */
  list: '/v3/document/list',
  file: '/v3/document/file',
} as const;

export const OTHER = {
  externalApiConfigs: '/externalAPI/configs',
  calculate: '/calculations/calculate',
  decryption: '/api/decryption',
  requestForCallback: '/api/requestforcallback',
  microflow: (microFlowId: string) => `/v3/microflow/execute/${microFlowId}`,
  notificationSubscription: '/v3/notification/subscription',
  validateExternalToken: '/v3/external-integration/validate-token',
} as const;

export const PLATFORM = {
  health: '/health',
  areaSummary: (area: string) => `/platform/areas/${area}`,
} as const;

/** Requests sent without session headers: logout carries refresh_token instead (§7). */
export const LOGOUT_PATHS: readonly string[] = [AUTH.logout, AUTH.userLogout];

/** Path prefixes of the {admin} calls of §7; debug mode leaves them alone (§6). */
export const ADMIN_PATH_PREFIXES: readonly string[] = [
  '/setup/', '/config/', '/v3/component/', '/component/', '/master_configs/', '/v3/template/',
  '/v3/translation/translate', '/v3/flow/fetch_flowDetails', '/api/PropertyDetails/', '/api/ProductDetails/',
];

export function isAdminPath(path: string): boolean {
  return ADMIN_PATH_PREFIXES.some((p) => path.startsWith(p));
}

/** Socket event names of §7, exactly. */
export const SOCKET_EVENTS = {
  emitted: ['UPDATE_COUNT', 'UPDATE_COUNT_BY_USER', 'UPDATE_VIEW', 'UPDATE_UNREAD', 'DELETE_NOTIFICATION', 'LOGOUT'],
  received: ['NOTIFICATION', 'NEW'],
} as const;
