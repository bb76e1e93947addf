import { Type, type TSchema } from '@sinclair/typebox';
import { Json } from '../common/schemas';
import { isEncryptedAdminResponse } from '../../crypto/admin-encryption';
import { Int4, Text } from '../../domain/bounds';

/**
 * Schemas of the platform routes' replies. Configuration bodies (flows, components, fields, setup configs) are free
 * form by design (configuration is data), so they are described as Json; the rows around them are precise.
 */

export const ConfigMode = Type.Union([Type.Literal('SAVED'), Type.Literal('DRAFT')]);
const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** `{ data }`: the envelope of every configuration read. */
export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

/** The sentence every description of an encrypted admin reply carries (§7, §9). */
export const ENCRYPTED_REPLY =
  'The 200 reply is an encrypted admin reply: sent as {"data": "iv:ciphertext"} with x-lendline-encrypted: aes-cbc, keyed by the access token; the schema describes the plaintext.';

export const Flow = Json('A flow (FlowConfig): flowId, flowName, verNum, mode, flowType, product_code, its own settings, and sections → subSections → components → fields');
export const Component = Json('A component (ComponentConfig): componentId, its settings and its fields (FieldConfig)');

export const RouteConfig = Type.Object({
  configId: Type.String({ description: '"<product_code>/<flow_id>"' }),
  verNum: Type.Integer(),
  mode: ConfigMode,
  flowType: Type.String(),
  body: Json('The routes of the flow, in order'),
});

export const Rule = Type.Object({ flowId: Type.String(), ruleId: Type.String(), body: Json('The rule (conditions and effects)') });

export const FlowOutline = Type.Object({
  flowId: Type.String(),
  flowName: Type.String(),
  flowType: Type.String(),
  verNum: Type.Integer(),
  mode: ConfigMode,
  product_code: Type.Optional(Type.String()),
  sections: Type.Array(
    Type.Object({
      sectionId: Type.String(),
      name: Type.Optional(Type.String()),
      routeName: Type.Optional(Type.String()),
      subSections: Type.Array(Type.Object({ subSectionId: Type.String(), routeName: Type.Optional(Type.String()) })),
    }),
  ),
});

export const FieldSetup = Type.Object({
  key: Type.String(),
  type: Type.String({ description: 'The field type (§3)' }),
  componentId: Type.String(),
  config: Json('The field configuration (FieldConfig)'),
});

export const Product = Type.Object({
  product_code: Type.String(),
  product_name: Type.String(),
  product_type_code: Type.String(),
  description: Type.String(),
  currency: Type.String(),
  maximumJointApplicants: Type.Integer(),
});

export const MasterProduct = Type.Object({
  ...Product.properties,
  verNum: Nullable(Type.Integer({ description: 'The product configuration version; null when the product has none' })),
  productParameters: Json('The product parameters (limits of amount, tenure, rate …); null when none'),
  flows: Type.Array(Type.Object({ flowId: Type.String(), flowName: Type.String(), flowType: Type.String() })),
});

export const Option = Type.Object({ label: Type.String(), value: Type.String() });

export const TemplateVersion = Type.Object({
  template_id: Type.String(),
  template_name: Type.String(),
  template_type: Type.String(),
  verNum: Type.Integer(),
  mode: ConfigMode,
});

/** A setup config row's metadata, next to its config in `data`. */
export const SetupConfigMeta = {
  configId: Type.Optional(Type.String({ description: 'Row id (bigint as text); ?configId= reads this row' })),
  category: Type.Optional(Type.String()),
  subCategory: Type.Optional(Type.String()),
  tenant: Type.Optional(Type.String({ description: "The tenant, or '*' for the row every tenant shares" })),
  productCode: Type.Optional(Type.String({ description: "The product, or '*' for every product" })),
  enabled: Type.Optional(Type.Boolean()),
  verNum: Type.Optional(Type.Integer()),
  mode: Type.Optional(ConfigMode),
};

/** GET /platform/areas/:area, one shape per area. */
export const AreaSummary = Type.Union([
  Type.Object({ byStatus: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })), total: Type.Integer() }, { title: 'applications' }),
  Type.Object({ byProgress: Type.Array(Type.Object({ progress: Type.String(), count: Type.Integer() })) }, { title: 'tasks' }),
  Type.Object({ byType: Type.Array(Type.Object({ type: Type.String(), total: Type.Integer(), unread: Type.Integer() })) }, { title: 'notifications' }),
  Type.Object(
    { gateway: Nullable(Type.String({ description: 'The Janus URL the server uses; null when none is configured' })), reachable: Type.Boolean(), version: Type.Optional(Nullable(Type.String())) },
    { title: 'video' },
  ),
]);

export const RemotesDocument = Type.Object({
  remotes: Type.Array(
    Type.Object({
      name: Type.String({ description: 'Module Federation container name, e.g. mf_portal' }),
      remote: Type.String({ description: 'Workspace folder, e.g. mf-portal' }),
      version: Type.String(),
      manifest: Type.String({ description: 'URL of the active version’s mf-manifest.json' }),
      contract: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'The shell API version this release was built for (its lendline-contract.json); absent: built before releases declared it (version 1)' })),
    }),
  ),
  updatedAt: Type.String({ description: 'When the document was last written (ISO 8601)' }),
});

/** The description of a route, ending with whether its 200 reply is encrypted (the §7 admin rule, crypto/admin-encryption.ts). */
export const describe = (url: string, text: string) => `${text} ${isEncryptedAdminResponse(url) ? ENCRYPTED_REPLY : 'The reply is plain JSON.'}`;

// Request parts of the configuration reads.

export const Mode = Type.Optional(Type.Union([Type.Literal('SAVED'), Type.Literal('DRAFT')], { description: 'SAVED unless DRAFT is asked for' }));
export const Lang = Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$', description: 'Language of the labels; en when absent' }));
export const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 80 }), { maxItems: 200 });
/** Configuration versions are int columns (default 243): bounded so a large one is a 400, not a failing cast. */
export const Ver = () => Int4({ minimum: 1 });
/** Comma-separated ids (flow_ids=a,b,c) and other short query text. */
export const IdList = (minLength = 0) => Text(4000, minLength);
export const DeviceWidth = Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 }));
/** "a,b, c" → ['a', 'b', 'c']; absent or empty → null (no narrowing). */
export const listOf = (v?: string) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : null);
