import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { GatewayStatus } from '../features/gateway/gateway-status';

// Texts live in the shared i18n dictionaries (/assets/i18n/{lang}.json).
const LATER = ['areas.video.later.rooms'];

/** Video calls with applicants (/backstage/video). */
export function Area(_props: AreaProps) {
  const t = useT();
  return (
    <AreaPage title={t('areas.video.title')} remote="mf-video" version={__REMOTE_VERSION__} comingLater={LATER.map((k) => t(k))}>
      <GatewayStatus />
    </AreaPage>
  );
}
