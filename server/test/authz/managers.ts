import { post, type Build } from './builders';

/** Managers' routes that name an application (routes/managers): mail from a list and rebook. */
export const MANAGER_REQUESTS: Record<string, Build> = {
  'POST /backstage/sendMailCommon': post('/backstage/sendMailCommon', (a) => ({ application_id: a.id, verNum: a.verNum, template_id: 'DOCUMENTS_PENDING_EMAIL', to: 'matrix@example.in' })),
  'POST /backstage/rebook': post('/backstage/rebook', (a) => ({ application_id: a.id, verNum: a.verNum, reason: 'Matrix' })),
};
