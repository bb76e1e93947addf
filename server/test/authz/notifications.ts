import { post, type Build } from './builders';

/** Following an application (routes/notifications/follow.ts): staff who may read it. */
export const NOTIFICATION_REQUESTS: Record<string, Build> = {
  'POST /backstage/followApplication': post('/backstage/followApplication', (a) => ({ application_id: a.id })),
  'POST /backstage/unfollowApplication': post('/backstage/unfollowApplication', (a) => ({ application_id: a.id })),
  'POST /backstage/isApplicationFollowed': post('/backstage/isApplicationFollowed', (a) => ({ application_id: a.id })),
};
