import { lazy, Suspense } from 'react';
import type { AreaProps } from '@lendline/shared';
import { AreaPage } from '@lendline/shared';
import { useVideoT } from '../lib/texts';
import { prefetchInvite } from '../api/video-api';

// Lazy: janus-gateway and webrtc-adapter (~40 KB gzip) stay out of ./spa's first render budget.
const MyCalls = lazy(() => import('../features/staff/my-calls').then((m) => ({ default: m.MyCalls })));
const ApplicantCall = lazy(() => import('../features/applicant/applicant-call').then((m) => ({ default: m.ApplicantCall })));

/** Video calls: /backstage/video (the staff's calls) and /video-call (the applicant's page, from the invitation link). */
export function Area(_props: AreaProps) {
  const t = useVideoT();
  const loading = <p aria-busy="true">…</p>;
  if (window.location.pathname.startsWith('/video-call')) {
    const invite = new URLSearchParams(window.location.search).get('invite');
    if (invite) prefetchInvite(invite);
    return (
      <Suspense fallback={loading}>
        <ApplicantCall />
      </Suspense>
    );
  }
  return (
    <AreaPage title={t('title')} remote="mf-video" version={__REMOTE_VERSION__} comingLater={[]}>
      <Suspense fallback={loading}>
        <MyCalls />
      </Suspense>
    </AreaPage>
  );
}
