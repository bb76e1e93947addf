import { useEffect, useState } from 'react';
import { videoApi, type VideoStatus } from '../../api/video-api';
import { useVideoT, type VT } from '../../lib/texts';

/** Says plainly (to staff) when video is not set up or its gateway is down, with the server's how-to; null while ok. */
export function useVideoStatus(): VideoStatus | null {
  const [status, setStatus] = useState<VideoStatus | null>(null);
  useEffect(() => {
    let live = true;
    videoApi.status().then((s) => live && setStatus(s), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return status;
}

export function VideoStatusNotice({ status }: { status: VideoStatus | null }) {
  const t = useVideoT();
  if (!status || status.state === 'ok') return null;
  return (
    <div role="status" className="ll-notice" data-testid="video-status" data-state={status.state}>
      <strong>{status.state === 'off' ? t('notSetUp') : t('gatewayDown')}</strong> {status.reasonKey ? <Reason t={t} status={status} /> : <span lang="en">{status.reason}</span>}
    </div>
  );
}

/**
 * The reason in the page's language; the commands, settings and the system's error message it names stay as they are
 * typed (marked English), so the sentence around them is translated and they are not.
 */
function Reason({ t, status }: { t: VT; status: VideoStatus }) {
  const params = status.reasonParams ?? {};
  const marker = (name: string) => `\u0000${name}\u0000`;
  const text = t(`offReason_${status.reasonKey}` as Parameters<VT>[0], Object.fromEntries(Object.keys(params).map((k) => [k, marker(k)])));
  return (
    <>
      {text.split('\u0000').map((part, i) => (i % 2 === 1 && part in params ? <code key={i} lang="en">{params[part]}</code> : part))}
    </>
  );
}
