// What §2's lead creation sends (POST /v3/lead/create), typed once for the remote that writes it (mf-applications'
// new lead page) and the server that reads it (domain/leads/create-lead.ts). The server's TypeBox body schema
// (routes/leads) checks the same shape on the wire.

/** How the prospect prefers to be reached (the "contact" of §2's lead creation). */
export type LeadContactChannel = 'PHONE' | 'EMAIL' | 'BRANCH_VISIT';

/** §2 lead creation: who, product, contact and where the lead came from. */
export interface LeadRequest {
  product_code: string;
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  /** Optional at the lead stage: asked for in full by the application's flow. */
  panNumber?: string;
  /** PHONE when absent. */
  preferredContact?: LeadContactChannel;
  contactNotes?: string;
  source_id: string;
  campaign_id?: string;
}
