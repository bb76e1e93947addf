import { Type } from '@sinclair/typebox';

/**
 * Schemas the portal's routes share. Request parts keep the issue-10 bounds (lengths, int4 ranges, key patterns);
 * replies name every field the portal (mf-portal/src) and the shell read, and leave the application's own data
 * (answers, applicants' entries, the application view) open, so serializing from the schema drops nothing.
 */

/** One applicant of an application: APP-…-P, -S1…, -G1…. */
export const ApplicantId = Type.String({ minLength: 1, maxLength: 60, description: 'Applicant id (APP-…-P, -S1…, -G1…)' });

/**
 * The application as GET /v3/application/{id} answers it (domain/applications/view.ts buildView). Only the fields
 * that are never null are named; everything else the view holds (progress, customFields, tasks, §4 flags…) is
 * passed through unchanged.
 */
export const ApplicationView = Type.Object(
  {
    application_id: Type.String(),
    product_code: Type.String(),
    application_status: Type.String(),
    singleORjoint: Type.String({ description: 'Single or Joint' }),
    verNum: Type.Integer({ description: 'The version to send with the next write' }),
    applicant: Type.Array(Type.Unknown(), { description: 'The applicant list (§3): primary, co-applicants, guarantors' }),
    customFields: Type.Unknown({ description: "The primary applicant's answers by field key" }),
  },
  { additionalProperties: true, description: 'The application view (the same as GET /v3/application/{id})' },
);

/** One applicant's entry of the application (doc.applicant): ids and type named, its answers and progress open. */
export const ApplicantEntry = Type.Object(
  {
    applicantId: Type.String(),
    type: Type.String({ description: 'primary, secondary (co-applicant) or guarantor' }),
  },
  { additionalProperties: true, description: 'An applicant of the application (firstName, email, linkSentAt, values, progress…)' },
);
