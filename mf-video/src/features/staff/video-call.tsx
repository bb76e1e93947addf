import { useCallback, useEffect, useRef, useState } from 'react';
import { eventBus } from '@lendline/shared';
import { Button } from '@lendline/shared/ui';
import { videoApi, type VideoCallView } from '../../api/video-api';
import { useVideoT } from '../../lib/texts';
import { CallView, TARGET } from '../../ui/call-view';
import { useCallStore } from '../../lib/call/call-store';
import { captureMedia, initJanus, JanusCall, mark } from '../../lib/call/janus-call';
import { CallList } from './call-list';
import { useVideoStatus, VideoStatusNotice } from './video-status';

export interface VideoCallProps {
  applicationId: string;
}

/**
 * The application page's video call panel (exposed as ./VideoCall, shown by mf-applications): the application's
 * calls, "Start video call" (the server makes the room and e-mails the applicant their link), the call itself, hang up
 * (the server destroys the room) and the capture of a still of the applicant, filed on the application.
 */
export function VideoCall({ applicationId }: VideoCallProps) {
  const t = useVideoT();
  const status = useVideoStatus();
  const [calls, setCalls] = useState<VideoCallView[]>([]);
  const [active, setActive] = useState<VideoCallView | null>(null);
  const [invited, setInvited] = useState<{ to: string; sandboxLink?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const remoteRef = useRef<HTMLVideoElement | null>(null);
  const connect = useCallStore((s) => s.connect);
  const leave = useCallStore((s) => s.leave);
  const reset = useCallStore((s) => s.reset);

  const reload = useCallback(() => {
    videoApi.callsOf(applicationId).then(setCalls, () => undefined);
  }, [applicationId]);
  useEffect(() => {
    reload();
    return () => reset();
  }, [reload, reset]);

  async function start() {
    mark('click');
    setBusy(true);
    // Camera, microphone and janus.js start while the server makes the room: neither waits for the other.
    const media = captureMedia();
    media.catch(() => undefined);
    void initJanus();
    try {
      const { call, ticket, invitation } = await videoApi.start(applicationId);
      setActive(call);
      setInvited(invitation);
      await connect(ticket, media);
      reload();
    } catch {
      // §8 refusals are shown by the shell's error modal; the camera opened for the call is released.
      media.then((m) => m.getTracks().forEach((track) => track.stop()), () => undefined);
    } finally {
      setBusy(false);
    }
  }

  async function rejoin(c: VideoCallView) {
    try {
      const ticket = await videoApi.join(applicationId, c.callId);
      setActive(c);
      await connect(ticket);
    } catch {
      // Shown by the shell.
    }
  }

  async function hangUp() {
    const c = active;
    leave();
    setActive(null);
    setInvited(null);
    if (c) await videoApi.end(applicationId, c.callId).catch(() => undefined);
    reset();
    reload();
  }

  async function still() {
    const image = JanusCall.still(remoteRef.current);
    if (!image || !active) return;
    try {
      await videoApi.still(applicationId, active.callId, image);
      eventBus.emit('toast', { kind: 'success', text: t('stillSaved') });
      reload();
    } catch {
      // Shown by the shell.
    }
  }

  return (
    <section className="ll-video-panel" aria-labelledby="ll-video-panel-title" data-testid="video-panel">
      <h3 id="ll-video-panel-title">{t('callsOfApplication')}</h3>
      <VideoStatusNotice status={status} />
      {active ? (
        <>
          {invited && (
            <p role="status" data-testid="invitation-sent">
              {t('invitationSent', { to: invited.to })}
              {invited.sandboxLink && (
                <>
                  {' '}
                  <a href={invited.sandboxLink} target="_blank" rel="noreferrer" data-testid="invite-link">
                    {t('sandboxLink')}
                  </a>
                </>
              )}
            </p>
          )}
          <CallView
            onHangUp={hangUp}
            onReconnect={() => void rejoin(active)}
            hangUpLabel={t('hangUp')}
            remoteRef={remoteRef}
            extra={
              <Button variant="secondary" onPress={() => void still()} testId="capture-still" style={TARGET}>
                {t('captureStill')}
              </Button>
            }
          />
        </>
      ) : (
        <Button onPress={() => void start()} isDisabled={busy || status?.state !== 'ok'} testId="start-call" style={TARGET}>
          {busy ? t('starting') : t('startCall')}
        </Button>
      )}
      <CallList calls={calls} onRejoin={active ? undefined : rejoin} />
    </section>
  );
}
export default VideoCall;
