import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useVideoT, type VideoTextKey } from '../lib/texts';
import { useCallStore, type CallEvent } from '../lib/call/call-store';
import { mark } from '../lib/call/janus-call';

// The staff's bitrate cap is a kit Select; its own chunk, so the applicant's call page (a phone) never loads react-aria.
const BitrateCap = lazy(() => import(/* webpackChunkName: "bitrate-cap" */ './bitrate-cap'));

function Video({ stream, muted, label, testId, videoRef, firstFrame }: { stream: MediaStream | null; muted: boolean; label: string; testId: string; videoRef?: React.RefObject<HTMLVideoElement | null>; firstFrame?: string }) {
  const own = useRef<HTMLVideoElement | null>(null);
  const ref = videoRef ?? own;
  const shown = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (el && el.srcObject !== stream) el.srcObject = stream;
    if (!stream) shown.current = false;
    // The moment the first remote picture is on screen (the benchmark's end point): a User Timing mark.
    if (el && stream && firstFrame && !shown.current && 'requestVideoFrameCallback' in el) {
      el.requestVideoFrameCallback(() => {
        if (shown.current) return;
        shown.current = true;
        mark(firstFrame);
      });
    }
  }, [stream, ref, firstFrame]);
  return <video ref={ref} data-testid={testId} aria-label={label} autoPlay playsInline muted={muted} className="ll-video" style={{ width: '100%', maxHeight: '45vh', background: '#111', borderRadius: 8 }} />;
}

/** Touch targets of at least 44 × 44 px (the applicant is on a phone). */
export const TARGET = { minHeight: 44, minWidth: 44, boxSizing: 'border-box' } as const;

/** The microphone and camera switches; the label says what a press does, the status line what is off. */
export function MediaToggles({ disabled }: { disabled?: boolean }) {
  const t = useVideoT();
  const audio = useCallStore((s) => s.audio);
  const video = useCallStore((s) => s.video);
  const setAudio = useCallStore((s) => s.setAudio);
  const setVideo = useCallStore((s) => s.setVideo);
  return (
    <>
      <button type="button" onClick={() => setAudio(!audio)} data-testid="toggle-audio" disabled={disabled} style={TARGET}>
        {audio ? t('muteAudio') : t('unmuteAudio')}
      </button>
      <button type="button" onClick={() => setVideo(!video)} data-testid="toggle-video" disabled={disabled} style={TARGET}>
        {video ? t('muteVideo') : t('unmuteVideo')}
      </button>
      {(!audio || !video) && (
        <span role="status" data-testid="media-off">
          {!audio && !video ? t('micAndCameraOff') : !audio ? t('micOff') : t('cameraOff')}
        </span>
      )}
    </>
  );
}

function eventText(t: ReturnType<typeof useVideoT>, e: CallEvent, peer: string) {
  const key = `ev_${e.kind}` as VideoTextKey;
  return t(key, { name: e.name ?? peer, text: e.text ?? '' });
}

/**
 * The call: the other participant's video large, ours small, the controls (microphone, camera, bandwidth cap, hang
 * up), the remote bitrate (§9 poll), quality warnings (slow link), "connection failed" with Reconnect (§8), the
 * events of §4 and a text chat. `extra` holds role-specific controls (the staff's capture-still button).
 */
export function CallView({ onHangUp, onReconnect, hangUpLabel, extra, remoteRef, compact }: {
  onHangUp(): void;
  onReconnect(): void;
  hangUpLabel: string;
  extra?: ReactNode;
  remoteRef?: React.RefObject<HTMLVideoElement | null>;
  compact?: boolean;
}) {
  const t = useVideoT();
  const s = useCallStore();
  const [text, setText] = useState('');
  const peer = s.ticket?.peerName ?? '';
  return (
    <section className="ll-call" data-testid="call" data-phase={s.phase} aria-label={t('title')} style={{ display: 'grid', gap: 8, maxWidth: compact ? 420 : 900 }}>
      {s.phase === 'failed' && (
        <div role="alert" data-testid="connection-failed" className="ll-notice">
          {t('connectionFailed')}{' '}
          <button type="button" onClick={onReconnect} data-testid="reconnect">
            {t('reconnect')}
          </button>
        </div>
      )}
      {s.phase === 'refused' && (
        <p role="alert" data-testid="join-refused">
          {t('joinRefused', { reason: s.refusal ?? '' })}
        </p>
      )}
      {s.slowLink && (
        <p role="status" data-testid="slow-link" className="ll-notice">
          {t(s.slowLink === 'local' ? 'slowLinkLocal' : 'slowLinkRemote')}
        </p>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: compact ? '1fr' : '2fr 1fr', gap: 8 }}>
        <figure style={{ margin: 0 }}>
          {s.remote ? (
            <Video stream={s.remote} muted={false} label={s.remoteName ?? peer} testId="remote-video" videoRef={remoteRef} firstFrame="first-frame" />
          ) : (
            <p data-testid="waiting" role="status">
              {s.phase === 'ended' ? t('roomDestroyed') : s.phase === 'left' ? t('left') : t('waitingFor', { name: peer })}
            </p>
          )}
          {s.remote && (
            <figcaption>
              {s.remoteName ?? peer}
              {s.remoteBitrate && (
                <span data-testid="remote-bitrate" data-audio-bytes={s.audioBytes} data-video-frames={s.videoFrames}>
                  {' · '}
                  {t('remoteBitrate', { rate: s.remoteBitrate })}
                </span>
              )}
            </figcaption>
          )}
        </figure>
        <figure style={{ margin: 0 }}>
          <Video stream={s.local} muted label={t('you')} testId="local-video" />
          <figcaption>{t('you')}</figcaption>
        </figure>
      </div>
      <div role="toolbar" aria-label={t('title')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
        <MediaToggles disabled={s.phase !== 'joined'} />
        {!compact && (
          <Suspense fallback={null}>
            <BitrateCap />
          </Suspense>
        )}
        {extra}
        <button type="button" className="ll-button--danger" onClick={onHangUp} data-testid="hang-up" style={TARGET}>
          {hangUpLabel}
        </button>
      </div>
      {s.phase === 'joined' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) s.sendText(text.trim());
            setText('');
          }}
          style={{ display: 'flex', gap: 8 }}
        >
          <input aria-label={t('chat')} value={text} onChange={(e) => setText(e.target.value)} maxLength={500} data-testid="chat-input" style={{ ...TARGET, flex: 1, minWidth: 0 }} />
          <button type="submit" data-testid="chat-send" style={TARGET}>
            {t('send')}
          </button>
        </form>
      )}
      <ol aria-label={t('events')} aria-live="polite" data-testid="call-events" style={{ fontSize: '0.85em', maxHeight: 140, overflow: 'auto' }}>
        {s.events.map((e) => (
          <li key={e.id} data-kind={e.kind}>
            {eventText(t, e, peer)}
          </li>
        ))}
      </ol>
    </section>
  );
}
