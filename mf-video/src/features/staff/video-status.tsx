import { useEffect, useState } from 'react';
import { videoApi, type VideoStatus } from '../../api/video-api';
import { useVideoT } from '../../lib/texts';

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
      <strong>{status.state === 'off' ? t('notSetUp') : t('gatewayDown')}</strong> {status.reason}
    </div>
  );
}
