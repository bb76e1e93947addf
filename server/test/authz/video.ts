import { get, post, type Build } from './builders';

/** Video call routes (routes/video): start a call, list an application's calls, join and end one (a well-formed id). */
export const VIDEO_REQUESTS: Record<string, Build> = {
  'GET /v3/video/application/:application_id/calls': get((a) => `/v3/video/application/${a.id}/calls`),
  'POST /v3/video/application/:application_id/calls': (c, a) => post(`/v3/video/application/${a.id}/calls`, () => ({}))(c, a),
  'POST /v3/video/application/:application_id/calls/:callId/join': (c, a) => post(`/v3/video/application/${a.id}/calls/VC-0123456789abcdef/join`, () => ({}))(c, a),
  'POST /v3/video/application/:application_id/calls/:callId/end': (c, a) => post(`/v3/video/application/${a.id}/calls/VC-0123456789abcdef/end`, () => ({}))(c, a),
  'POST /v3/video/application/:application_id/calls/:callId/still': (c, a) => post(`/v3/video/application/${a.id}/calls/VC-0123456789abcdef/still`, () => ({ image: 'data:image/png;base64,iVBORw0KGgo=' }))(c, a),
};
