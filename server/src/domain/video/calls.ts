import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { VIDEO_BITRATE_POLL_MS, VIDEO_MAX_PUBLISHERS } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import type { CurrentUser } from '../current-user';
import type { ApplicationRow } from '../applications/row';
import type { PortalApplicant } from '../portal/applicants';
import { writeAudits } from '../applications/audit';
import { HttpError, notFound, refused } from '../errors';
import { openLink, sealLink } from '../portal/links';
import { browserCredentials, VIDEO_NOT_SET_UP, type VideoGateway } from './gateway';
import { newRoomId, roomFor, secret } from './rooms';
import type { BlobStore } from '../documents/storage';
import { fileCallDocument } from './file-document';
import { insertWorklog, type WorklogText } from '../tasks/worklog-text';
import type { CallFile, CallView, JoinTicket } from '@lendline/shared/contract';

// The wire types are the contract's (one definition for the server and mf-video).
export type { CallFile, CallView, JoinTicket };

/** The path browsers reach Janus through: the server's own proxy (routes/video/janus-proxy.ts). */
export const JANUS_PROXY_PATH = '/video/janus';
/** How long a join ticket's gateway token is valid: a call's length is bounded by it. */
const TICKET_TTL_S = 4 * 3600;

export interface CallRow {
  call_id: string;
  application_id: string;
  room_id: string | number;
  room_pin: string;
  room_secret: string;
  staff_user: string;
  staff_token: string;
  applicant_id: string;
  applicant_name: string;
  applicant_email: string;
  applicant_token: string;
  invite_id: string;
  invite_expires_at: Date | string;
  recording: boolean;
  status: 'LIVE' | 'ENDED';
  outcome: 'COMPLETED' | 'NO_SHOW' | 'FAILED' | null;
  created_at: Date | string;
  applicant_joined_at: Date | string | null;
  ended_at: Date | string | null;
  ended_by: string | null;
  files: CallFile[];
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function viewOf(c: CallRow): CallView {
  const end = c.ended_at ? new Date(c.ended_at).getTime() : null;
  return {
    callId: c.call_id,
    application_id: c.application_id,
    staffUser: c.staff_user,
    applicantName: c.applicant_name,
    applicantEmail: c.applicant_email,
    status: c.status,
    outcome: c.outcome,
    recording: c.recording,
    createdAt: iso(c.created_at)!,
    applicantJoinedAt: iso(c.applicant_joined_at),
    endedAt: iso(c.ended_at),
    durationSeconds: end === null ? null : Math.max(0, Math.round((end - new Date(c.created_at).getTime()) / 1000)),
    inviteExpiresAt: iso(c.invite_expires_at)!,
    files: c.files ?? [],
  };
}

function ticket(g: VideoGateway, c: CallRow, role: 'STAFF' | 'APPLICANT', staffName: string): JoinTicket {
  return {
    callId: c.call_id,
    application_id: c.application_id,
    role,
    server: JANUS_PROXY_PATH,
    room: Number(c.room_id),
    pin: c.room_pin,
    token: role === 'STAFF' ? c.staff_token : c.applicant_token,
    ...browserCredentials(g, TICKET_TTL_S),
    display: role === 'STAFF' ? staffName : c.applicant_name,
    peerName: role === 'STAFF' ? c.applicant_name : staffName,
    iceServers: g.iceServers,
    bitratePollMs: VIDEO_BITRATE_POLL_MS,
    maxPublishers: VIDEO_MAX_PUBLISHERS,
  };
}

/** 409 with the §8 body when video is not set up: the client shows the reason (how to set it up). */
function requireGateway(g: VideoGateway) {
  if (!g.client) throw new HttpError(409, { code: 1101, message: 'Validation Failed', data: [{ label: 'video', reason: g.whyOff ?? VIDEO_NOT_SET_UP }] });
  return g.client;
}

/** A Janus that does not answer (or answers an error) is a 502 with the §8 body, never an unexplained 500. */
async function viaGateway<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new HttpError(502, { code: 1100, message: 'Internal server error', data: [{ label: 'video', reason: `The video gateway (Janus) did not answer: ${(e as Error).message}` }] });
  }
}

const NEUTRAL_CALL = () => notFound('callId', 'No such call on this application');

async function callOf(q: Queryable, applicationId: string, callId: string, lock = false): Promise<CallRow> {
  const { rows } = await q.query<CallRow>(`SELECT * FROM video_calls WHERE call_id = $1 AND application_id = $2${lock ? ' FOR UPDATE' : ''}`, [callId, applicationId]);
  if (!rows[0]) throw NEUTRAL_CALL();
  return rows[0];
}

/** The call, when the caller is its staff member (anyone else gets the same 404 as for a call that does not exist). */
async function ownCall(q: Queryable, user: CurrentUser, applicationId: string, callId: string, lock = false) {
  const c = await callOf(q, applicationId, callId, lock);
  if (c.staff_user !== user.userName) throw NEUTRAL_CALL();
  return c;
}

function applicantOf(app: ApplicationRow, applicantId?: string): { id: string; name: string; email: string } {
  const list = (app.doc.applicant ?? []) as PortalApplicant[];
  const a = applicantId ? list.find((x) => x.applicantId === applicantId) : (list.find((x) => x.type === 'primary') ?? list[0]);
  if (applicantId && !a) throw notFound('applicantId', `No applicant ${applicantId} on application ${app.application_id}`);
  const email = a?.email ?? (a?.type === 'primary' || !a ? app.email : undefined);
  if (!email) throw refused('applicantId', 'The applicant has no e-mail address to send the invitation to');
  const name = [a?.firstName, a?.lastName].filter(Boolean).join(' ') || app.applicant_name || 'Applicant';
  return { id: a?.applicantId ?? `${app.application_id}-P`, name, email };
}

async function record(q: Queryable, c: CallRow, action: string, userName: string, now: Date, text: WorklogText, detail: Record<string, unknown>) {
  await writeAudits(q, c.application_id, action, userName, now, [], { callId: c.call_id, ...detail });
  await insertWorklog(q, { applicationId: c.application_id, taskId: 'current', userId: userName, action, at: now, text });
}

/**
 * Starts a call: Janus creates the private room (the server is the only one holding the admin key), then one
 * transaction stores the call and writes the audit row and worklog entry, then the applicant's invitation goes out
 * through the notification adapter. A call does not change the application itself, so verNum is not bumped. If the
 * transaction fails the room is destroyed again, so nothing is left half-made.
 */
export async function startCall(
  db: Db,
  g: VideoGateway,
  notifier: Notifier,
  linkKey: Buffer,
  user: CurrentUser,
  app: ApplicationRow,
  input: { applicantId?: string; recording?: boolean; origin: string },
  now = new Date(),
): Promise<{ call: CallView; ticket: JoinTicket; invitation: { to: string; sentAt: string; link: string } }> {
  const janus = requireGateway(g);
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}: no call can be started on it`);
  const applicant = applicantOf(app, input.applicantId);
  const callId = `VC-${randomBytes(8).toString('hex')}`;
  const inviteId = secret(12);
  const recording = g.recording && input.recording !== false;
  const call = { callId, roomId: newRoomId(), pin: secret(8), secret: secret(16), tokens: [secret(16), secret(16)], recording, recordingsDir: g.recordingsDir };
  if (recording) mkdirSync(join(g.recordingsDir, callId), { recursive: true });
  await viaGateway(() => janus.createRoom({ ...roomFor(call) }));
  const expires = new Date(now.getTime() + g.inviteValidityMinutes * 60_000);
  let row: CallRow;
  try {
    row = await db.transaction(async (tx) => {
      const { rows } = await tx.query<CallRow>(
        `INSERT INTO video_calls (call_id, application_id, room_id, room_pin, room_secret, staff_user, staff_token, applicant_id, applicant_name, applicant_email,
                                  applicant_token, invite_id, invite_expires_at, recording, status, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,'LIVE',$15) RETURNING *`,
        [callId, app.application_id, call.roomId, call.pin, call.secret, user.userName, call.tokens[0], applicant.id, applicant.name, applicant.email, call.tokens[1], inviteId, expires, recording, now],
      );
      await record(tx, rows[0], 'video_call_started', user.userName, now, { key: 'videoCallStartedLog', params: { applicant: applicant.name } }, { applicantId: applicant.id, recording });
      return rows[0];
    });
  } catch (e) {
    await janus.destroyRoom(call.roomId, call.secret).catch(() => undefined);
    throw e;
  }
  const invite = sealLink([callId, inviteId, String(expires.getTime())].join('|'), linkKey);
  const link = `${input.origin}/video-call?invite=${encodeURIComponent(invite)}`;
  const sent = await notifier.send({
    channel: 'EMAIL',
    to: applicant.email,
    subject: 'Your video call about your loan application',
    body: `${user.displayName ?? user.userName} is waiting for you in a video call about application ${app.application_id}. Open the link on your phone to join: ${link}`,
    link,
  });
  return { call: viewOf(row), ticket: ticket(g, row, 'STAFF', user.displayName ?? user.userName), invitation: { to: applicant.email, sentAt: sent.sentAt, link } };
}

/** The staff member's ticket to (re)join their own live call. */
export async function staffTicket(db: Db, g: VideoGateway, user: CurrentUser, applicationId: string, callId: string): Promise<JoinTicket> {
  requireGateway(g);
  const c = await ownCall(db, user, applicationId, callId);
  if (c.status !== 'LIVE') throw refused('callId', 'This call has ended');
  return ticket(g, c, 'STAFF', user.displayName ?? user.userName);
}

export const INVITE_INVALID = 'The link is either expired or invalid or your application has already been submitted for further processing.';
export const INVITE_EXPIRED = 'The link has expired';

/**
 * The applicant opens the invitation: the sealed "callId|inviteId|expiresAtMs" must be one this server issued (else
 * the neutral invalid-link refusal, like a tampered e-mail link), not expired, and its call still live. Answers the
 * applicant's join ticket and notes when they first joined.
 */
export async function openInvite(db: Db, g: VideoGateway, linkKey: Buffer, invite: string, now = new Date()): Promise<JoinTicket> {
  let parts: string[];
  try {
    parts = openLink(invite, linkKey).split('|');
  } catch {
    throw refused('invite', INVITE_INVALID);
  }
  const [callId, inviteId, expiresMs] = parts;
  if (parts.length !== 3 || !callId || !inviteId || !/^\d+$/.test(expiresMs ?? '')) throw refused('invite', INVITE_INVALID);
  if (now.getTime() > Number(expiresMs)) throw refused('invite', INVITE_EXPIRED);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<CallRow & { staff_name: string | null }>(
      `SELECT c.*, NULLIF(u.display_name, '') AS staff_name FROM video_calls c LEFT JOIN users u ON u.user_id = c.staff_user WHERE c.call_id = $1 AND c.invite_id = $2 FOR UPDATE OF c`,
      [callId, inviteId],
    );
    const c = rows[0];
    if (!c || c.status !== 'LIVE') throw refused('invite', INVITE_INVALID);
    requireGateway(g);
    if (!c.applicant_joined_at) await tx.query(`UPDATE video_calls SET applicant_joined_at = $2 WHERE call_id = $1`, [callId, now]);
    return ticket(g, c, 'APPLICANT', c.staff_name ?? c.staff_user);
  });
}

/**
 * Hangs up: Janus destroys the room (both participants get "destroyed"), the call is ENDED with its outcome and the
 * audit/worklog entry says who, when, how long. Ending an ended call answers it as it is.
 */
export async function endCall(db: Db, g: VideoGateway, user: CurrentUser, applicationId: string, callId: string, outcome?: 'COMPLETED' | 'NO_SHOW' | 'FAILED', now = new Date()): Promise<CallView> {
  const c0 = await ownCall(db, user, applicationId, callId);
  if (c0.status === 'ENDED') return viewOf(c0);
  const client = g.client;
  if (client) await viaGateway(() => client.destroyRoom(Number(c0.room_id), c0.room_secret));
  return db.transaction(async (tx) => {
    const c = await ownCall(tx, user, applicationId, callId, true);
    if (c.status === 'ENDED') return viewOf(c);
    const result = outcome ?? (c.applicant_joined_at ? 'COMPLETED' : 'NO_SHOW');
    const { rows } = await tx.query<CallRow>(`UPDATE video_calls SET status = 'ENDED', outcome = $2, ended_at = $3, ended_by = $4 WHERE call_id = $1 RETURNING *`, [
      callId, result, now, user.userName,
    ]);
    const view = viewOf(rows[0]);
    await record(tx, rows[0], 'video_call_ended', user.userName, now, { key: 'videoCallEndedLog', params: { applicant: c.applicant_name, outcome: result, seconds: view.durationSeconds ?? 0 }, terms: { outcome: 'videoOutcome' } }, {
      outcome: result,
      durationSeconds: view.durationSeconds,
      startedAt: view.createdAt,
      applicantJoinedAt: view.applicantJoinedAt,
    });
    return view;
  });
}

/** The application's calls, newest first. */
export async function callsOfApplication(q: Queryable, applicationId: string): Promise<CallView[]> {
  const { rows } = await q.query<CallRow>(`SELECT * FROM video_calls WHERE application_id = $1 ORDER BY created_at DESC LIMIT 100`, [applicationId]);
  return rows.map(viewOf);
}

/** The caller's own calls (the /backstage/video list), newest first. */
export async function callsOfUser(q: Queryable, user: CurrentUser): Promise<CallView[]> {
  const { rows } = await q.query<CallRow>(`SELECT * FROM video_calls WHERE staff_user = $1 ORDER BY created_at DESC LIMIT 100`, [user.userName]);
  return rows.map(viewOf);
}

/**
 * A still of the applicant captured by the staff member during their live call: a JPEG or PNG (judged by its bytes),
 * filed as a document of the application with an audit row and a worklog entry, in one transaction.
 */
export async function fileStill(db: Db, store: BlobStore, user: CurrentUser, applicationId: string, callId: string, image: string, now = new Date()) {
  const m = /^data:image\/(jpeg|png);base64,([A-Za-z0-9+/=]+)$/.exec(image);
  if (!m) throw refused('image', 'must be a JPEG or PNG data URI');
  const bytes = Buffer.from(m[2], 'base64');
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!(m[1] === 'jpeg' ? isJpeg : isPng)) throw refused('image', "The file's content is not the image it claims to be");
  const undo: Array<() => Promise<void>> = [];
  return db.transaction(async (tx) => {
    const c = await ownCall(tx, user, applicationId, callId, true);
    if (c.status !== 'LIVE') throw refused('callId', 'This call has ended');
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const filed = await fileCallDocument(tx, store, {
      applicationId, applicantId: c.applicant_id, name: `video-still-${stamp}.${m[1] === 'jpeg' ? 'jpg' : 'png'}`, mime: `image/${m[1]}`, bytes, uploadedBy: user.userName,
    }, undo);
    await record(tx, c, 'video_call_still', user.userName, now, { key: 'videoStillLog', params: { applicant: c.applicant_name } }, { fileId: filed.fileId });
    await addFile(tx, callId, { fileId: filed.fileId, name: filed.name, kind: 'STILL' });
    return filed;
  }).catch(async (e: unknown) => {
    await Promise.all(undo.map((u) => u()));
    throw e;
  });
}

export async function addFile(q: Queryable, callId: string, file: CallFile) {
  await q.query(`UPDATE video_calls SET files = files || $2::jsonb WHERE call_id = $1`, [callId, JSON.stringify([file])]);
}

export async function callById(q: Queryable, callId: string): Promise<CallRow | null> {
  const { rows } = await q.query<CallRow>(`SELECT * FROM video_calls WHERE call_id = $1`, [callId]);
  return rows[0] ?? null;
}
