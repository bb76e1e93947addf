import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { StatusSummary } from '../features/summary/status-summary';

// Texts live in the shared i18n dictionaries (/assets/i18n/{lang}.json).
const LATER = ['areas.applications.later.lists', 'areas.applications.later.detail'];

/** The backstage lists and /backstage/application. */
export function Area(_props: AreaProps) {
  const t = useT();
  return (
    <AreaPage title={t('areas.applications.title')} remote="mf-applications" version={__REMOTE_VERSION__} comingLater={LATER.map((k) => t(k))}>
      <StatusSummary />
    </AreaPage>
  );
}
