import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { InboxPage } from '../features/inbox/inbox-page';

/** Work on tasks (/backstage/tasks): the inbox. The tab bodies are exposed to the application detail page. */
export function Area(_props: AreaProps) {
  const t = useT();
  return (
    <AreaPage title={t('areas.tasks.title')} remote="mf-tasks" version={__REMOTE_VERSION__} comingLater={[]}>
      <InboxPage />
    </AreaPage>
  );
}
