import type { AreaProps } from '@lendline/shared';
import { AreaPage } from '@lendline/shared';
import { GatewayStatus } from '../features/gateway/gateway-status';

const LATER = ['Video rooms with the applicant: join, publish, mute, bitrate and call controls'];

/** Video calls with applicants (/backstage/video). */
export function Area(_props: AreaProps) {
  return (
    <AreaPage title="Video calls" remote="mf-video" version={__REMOTE_VERSION__} comingLater={LATER}>
      <GatewayStatus />
    </AreaPage>
  );
}
