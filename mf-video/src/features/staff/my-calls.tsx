import { useEffect, useState } from 'react';
import { PageHeader, Skeleton } from '@lendline/shared/ui';
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
    <section className="ll-density-compact" aria-labelledby="ll-my-calls">
      <PageHeader level={2} titleId="ll-my-calls" title={t('myCalls')} />
      <VideoStatusNotice status={status} />
      {calls ? <CallList calls={calls} showApplication /> : <Skeleton label={t('loadingCalls')} rows={3} />}
    </section>
  );
}
