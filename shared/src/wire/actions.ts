import type { StepCompletionType } from '../types';

// What a §4 application action sends (POST /v3/application/action/{action}), typed once for the remote that writes
// it (mf-applications' detail page) and the server that reads it (domain/applications/actions.ts). The server's
// TypeBox body schema (routes/backstage/actions.ts) checks the same shape on the wire.

/** The body of an application action; each action reads the fields it names. */
export interface ApplicationActionRequest {
  application_id: string;
  verNum: number;
  /** assign / reassign: who gets the task (assign defaults to the caller: "assign to self"). */
  userName?: string;
  reason?: string;
  /** reject: the code of one of the product's configured decline reasons (`reason` is then the comment). */
  reasonCode?: string;
  completionType?: StepCompletionType;
  /** RAISE_EXCEPTIONS: the deviations to approve. */
  exceptions?: { key: string; reason: string }[];
  /** revert_stage: the stage to go back to (default: the previous one). */
  toStage?: number;
  /** request_for_callback: when to call back (ISO time; default in one hour). */
  callbackAt?: string;
}
