import { spawn } from 'node:child_process';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { addFile, callById } from './calls';
import type { BlobStore } from '../documents/storage';
import { fileCallDocument } from './file-document';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** janus-pp-rec (Debian janus-tools): a Janus .mjr recording → a playable file (VP8 → .webm, Opus → .opus). */
function convert(bin: string, input: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [input, output], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${bin} exited with ${code}`));
    });
  });
}

const OUTPUT: Record<string, { ext: string; mime: string }> = { video: { ext: 'webm', mime: 'video/webm' }, audio: { ext: 'opus', mime: 'audio/ogg' } };

/**
 * After hang-up: the room's recordings (one .mjr per participant and medium, closed by Janus when the room is
 * destroyed) are converted with janus-pp-rec and each playable file is filed as a document of the application
 * (file-document.ts), listed on the call, with an audit row. Runs after the reply; failures are logged, never thrown.
 * The call's recording folder is removed once everything is filed.
 */
export async function fileRecordings(db: Db, store: BlobStore, recordingsDir: string, callId: string, log: Log, bin = 'janus-pp-rec'): Promise<number> {
  const dir = join(recordingsDir, callId);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.mjr')).sort();
  } catch {
    return 0;
  }
  const call = await callById(db, callId);
  if (!call) return 0;
  let filed = 0;
  for (const [i, name] of names.entries()) {
    const medium = /-(audio|video)-\d+\.mjr$/.exec(name)?.[1] ?? (name.includes('-video') ? 'video' : name.includes('-audio') ? 'audio' : null);
    if (!medium) continue;
    const out = OUTPUT[medium];
    const output = join(dir, `${name.slice(0, -4)}.${out.ext}`);
    try {
      await convert(bin, join(dir, name), output);
      if ((await stat(output)).size === 0) continue;
      const bytes = await readFile(output);
      const docName = `video-call-${call.created_at instanceof Date ? call.created_at.toISOString().slice(0, 10) : String(call.created_at).slice(0, 10)}-${callId}-${medium}-${i + 1}.${out.ext}`;
      const undo: Array<() => Promise<void>> = [];
      await db.transaction(async (tx) => {
        const doc = await fileCallDocument(tx, store, { applicationId: call.application_id, applicantId: call.applicant_id, name: docName, mime: out.mime, bytes, uploadedBy: call.staff_user }, undo);
        await addFile(tx, callId, { fileId: doc.fileId, name: doc.name, kind: 'RECORDING' });
        await writeAudits(tx, call.application_id, 'video_call_recording', call.staff_user, new Date(), [], { callId, fileId: doc.fileId, medium });
      }).catch(async (e: unknown) => {
        await Promise.all(undo.map((u) => u()));
        throw e;
      });
      filed++;
    } catch (e) {
      log.warn({ err: e, callId, file: name }, 'a video call recording could not be converted or filed');
    }
  }
  log.info({ callId, filed }, 'video call recordings filed');
  if (filed) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  return filed;
}
