import type { AreaProps } from '@lendline/shared';
import { AreaPage } from '@lendline/shared';
import { StatusSummary } from '../features/summary/status-summary';

const LATER = [
  'The nine application lists with filters, search, export and assignment',
  'The application detail page with its tabs and actions',
];

/** The backstage lists and /backstage/application. */
export function Area(_props: AreaProps) {
  return (
    <AreaPage title="Applications" remote="mf-applications" version={__REMOTE_VERSION__} comingLater={LATER}>
      <StatusSummary />
    </AreaPage>
  );
}
