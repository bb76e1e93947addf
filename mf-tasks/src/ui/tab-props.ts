/** What mf-applications passes to every detail-tab body (features/detail/components/detail-tabs.tsx). */
export interface TabProps {
  applicationId: string;
  taskId: string | null;
  /** The application view (GET /v3/application/{id}): verNum, currentTask, application_status… */
  application: { verNum: number; application_status?: string; currentTask?: { taskId: string; activeOn?: string; name?: string } | null } & Record<string, unknown>;
  /** Tells the page to reload the application (its verNum, sub-status and tabs follow). */
  onChanged(): void;
}
