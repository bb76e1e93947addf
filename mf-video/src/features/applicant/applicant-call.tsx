import { useEffect, useRef, useState } from 'react';
import { ApiError, isErrorBody } from '@lendline/shared';
import { videoApi, type JoinTicket } from '../../api/video-api';
import { useVideoT } from '../../lib/texts';
import { CallView, MediaToggles, TARGET } from '../../ui/call-view';
import { useCallStore } from '../../lib/call/call-store';
import { captureMedia, initJanus } from '../../lib/call/janus-call';

const EXPIRED = 'The link has expired';

function go(path: string) {
  // Another area owns these routes: a history push lets single-spa mount it.
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * The applicant's page (/video-call?invite=…, on a phone): the link is checked like an e-mail verification link
 * (expired → /expired-link, anything else wrong → /invalidURL), then a camera preview, allow, join, mute (microphone
 * and camera, before and during the call), leave. Every control is a 44 px touch target.
 */
export function ApplicantCall() {
  const t = useVideoT();
  const [ticket, setTicket] = useState<JoinTicket | null>(null);
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const phase = useCallStore((s) => s.phase);
  const connect = useCallStore((s) => s.connect);
  const leave = useCallStore((s) => s.leave);
  const reset = useCallStore((s) => s.reset);
  const prepare = useCallStore((s) => s.prepare);
  const audio = useCallStore((s) => s.audio);
  const video = useCallStore((s) => s.video);
  const previewRef = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    const invite = new URLSearchParams(window.location.search).get('invite');
    if (!invite) return go('/invalidURL');
    // janus.js is made ready while the applicant looks at the preview, not after they press Join.
    void initJanus();
    videoApi.openInvite(invite).then((t) => {
      setTicket(t);
      // The Janus session and handles open while the applicant looks at the page: Join then sends one request.
      prepare(t);
    }, (e: unknown) => {
      const body = e instanceof ApiError ? e.body : null;
      const reason = isErrorBody(body) ? body.data?.[0]?.reason : undefined;
      go(reason === EXPIRED ? '/expired-link' : '/invalidURL');
    });
    return () => reset();
  }, [reset, prepare]);

  useEffect(() => {
    if (previewRef.current) previewRef.current.srcObject = preview;
  }, [preview]);
  // The preview shows what the call will send: mute and camera-off apply to it before joining.
  useEffect(() => {
    for (const track of preview?.getAudioTracks() ?? []) track.enabled = audio;
    for (const track of preview?.getVideoTracks() ?? []) track.enabled = video;
  }, [preview, audio, video]);

  async function allow() {
    try {
      const stream = await captureMedia();
      setPreview(stream);
      setCameraError(null);
    } catch (e) {
      setCameraError(e instanceof Error ? e.message : String(e));
    }
  }

  async function join() {
    if (!ticket) return;
    setJoining(true);
    // The call sends the preview's own tracks (no second getUserMedia; phones allow one camera user); without a
    // preview the call opens the camera itself, alongside its Janus handshake.
    const media = preview ? Promise.resolve(preview) : undefined;
    setPreview(null);
    await connect(ticket, media);
    setJoining(false);
  }

  if (!ticket) return <p aria-busy="true">{t('checkingLink')}</p>;
  const inCall = phase !== 'idle';
  return (
    <section className="ll-applicant-call" aria-labelledby="ll-applicant-call-title" style={{ maxWidth: 420, margin: '0 auto', padding: 8 }}>
      <h1 id="ll-applicant-call-title" style={{ fontSize: '1.25rem' }}>
        {inCall ? t('withStaff', { name: ticket.peerName }) : t('applicantTitle')}
      </h1>
      {!inCall && (
        <>
          <p>{t('applicantIntro', { name: ticket.peerName })}</p>
          <video ref={previewRef} data-testid="preview" autoPlay playsInline muted style={{ width: '100%', background: '#111', borderRadius: 8, minHeight: 120 }} />
          {cameraError && <p role="alert">{t('cameraBlocked', { reason: cameraError })}</p>}
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginTop: 8 }}>
            {!preview && (
              <button type="button" onClick={allow} data-testid="allow-camera" style={TARGET}>
                {t('allowCamera')}
              </button>
            )}
            {preview && <MediaToggles />}
            <button type="button" onClick={join} disabled={joining} data-testid="join-call" style={TARGET}>
              {joining ? t('joining') : t('join')}
            </button>
          </div>
        </>
      )}
      {inCall && <CallView compact onHangUp={() => leave()} onReconnect={() => void connect(ticket)} hangUpLabel={t('leave')} />}
      {(phase === 'ended' || phase === 'left') && (
        <p role="status" data-testid="call-over">
          {t('callEnded')}
        </p>
      )}
    </section>
  );
}
