/**
 * Microflows (§7 POST /v3/microflow/execute/{microFlowId}?componentid&application_id): a server-side step a
 * `button` field runs (field_type_details.microflow names it). The request body is sent AES-encrypted as {data};
 * its plaintext is MicroflowRequest. The reply (also encrypted) lists the actions the form applies in order.
 * Types only: nothing here exists at run time, so remotes built against an older shared package still load.
 */
export interface MicroflowRequest {
  /** The form's current values (the sub-section the button sits in). */
  values: Record<string, unknown>;
  applicantId?: string;
}

export type MicroflowAction =
  /** A reference-data lookup: what was looked up and what was found. */
  | { action: 'LOOKUP'; key: string; value: string; found: boolean; result?: Record<string, string> }
  /** Set these form values of the application (the next save stores them). */
  | { action: 'APPLICATION_UPDATE'; values: Record<string, unknown> }
  /** Show a file; buffer is base64. */
  | { action: 'PREVIEW_FILE'; buffer: string; type: string; name: string }
  /** Mark fields verified or not, with the reason when not. */
  | { action: 'VERIFY_FIELDS'; fields: { key: string; verified: boolean; reason?: string }[] }
  /** Hand the customer a file to save; buffer is base64. */
  | { action: 'DOWNLOAD_FILE'; buffer: string; type: string; name: string };

export interface MicroflowReply {
  data: { microFlowId: string; componentid?: string; application_id: string; actions: MicroflowAction[] };
  message?: string;
}
