import { useEffect, useState } from 'react';
import { videoApi, type VideoCallView } from '../../api/video-api';
import { useVideoT } from '../../lib/texts';
import { CallList } from './call-list';
import { useVideoStatus, VideoStatusNotice } from './video-status';

/** /backstage/video: the staff member's calls, live and past; a call is started from its application. */
export function MyCalls() {
  const t = useVideoT();
  const status = useVideoStatus();
  const [calls, setCalls] = useState<VideoCallView[] | null>(null);
  useEffect(() => {
    videoApi.myCalls().then(setCalls, () => setCalls([]));
  }, []);
  return (
    <section aria-labelledby="ll-my-calls">
      <h2 id="ll-my-calls">{t('myCalls')}</h2>
      <VideoStatusNotice status={status} />
      {calls ? <CallList calls={calls} showApplication /> : <p aria-busy="true">…</p>}
    </section>
  );
}
