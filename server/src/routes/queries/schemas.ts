import { Type } from '@sinclair/typebox';
import { Json } from '../common/schemas';
import { Enum, Nullable } from '../backstage/schemas';
import { SubTask } from '../tasks/schemas';

/** The link's secret as it appears in the link (base64url, 43 characters); anything else is refused by the schema. */
export const RequestForInfoId = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', minLength: 43, maxLength: 43, description: 'The secret of a request-for-information link' });

/** A request for information's link, as staff see it (never the secret). */
export const RequestState = Type.Object({
  sentTo: Type.String({ description: 'The e-mail or mobile the link went to' }),
  sends: Type.Integer({ description: 'How many times it was sent' }),
  expiresAt: Type.String({ format: 'date-time' }),
  answeredAt: Nullable(Type.String({ format: 'date-time' })),
  answeredBy: Nullable(Type.String()),
  state: Enum(['WAITING', 'ANSWERED', 'EXPIRED']),
});

export const ApplicationQuery = Type.Composite([SubTask, Type.Object({ requestInfo: Nullable(RequestState) })], {
  description: 'A query with its thread; for a request for information to the applicant, the state of its link',
});

export const RequestableField = Type.Object({
  key: Type.String(),
  label: Type.String(),
  type: Type.String({ description: '§3 field type' }),
  sectionId: Type.String(),
  subSectionId: Type.String(),
});

/** The fields the applicant's page renders with the portal's form engine (§3 field configuration). */
export const FieldConfigs = Type.Array(Json('§3 field configuration, mandatory: what was asked is required'));

export const SandboxLink = Type.Optional(Type.String({ description: 'The link itself, only with the sandbox notifier (demos and tests)' }));
