import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { hasRole } from '../../domain/current-user';
import { staffUser } from '../../plugins/app/auth';
import { CARD_TYPES, identifyCard } from '../../domain/credit/card-types';
import { listConfigs, saveConfig } from '../../domain/credit/config';
import { XML_LIMITS, xmlToJson } from '../../domain/credit/xml';
import { forbidden, refused } from '../../domain/errors';
import { errorReplies, Json, Enum, Nullable } from '../common/schemas';
import { SystemConfigInput, SystemConfigView, SystemName } from './schemas';
import { route } from '../common/route';

/** §7 Other: the external systems' configs, XML → JSON, and the collection card types. Staff only. */
const utilityRoutes: FastifyPluginAsyncTypebox<{ tenant: string }> = async (app, opts) => {
  app.post('/externalAPI/configs', route.credit(null, 'External systems of the tenant (read or set)',
      'Without config: the tenant\'s adapter settings of every system (BUREAU, BANK_STATEMENT, DECISION_ENGINE, CORE_BANKING, MANDATE, BANK_VERIFICATION): ' +
        'sandbox (the default; sandboxLatencyMs makes its money calls answer after a pause, for demos) or http with baseUrl, timeout, ' +
        'retries, backoff, circuit breaker; and whether the credential is set. A baseUrl must be http(s) on the standard port and resolve ' +
        'only to public addresses (loopback, private, link-local and unique-local are refused: 400 naming the reason), unless the server\'s ' +
        'OUTBOUND_ALLOW_HOSTS trusts it; it is checked again at each call and redirects are not followed. ' +
        'With system and config: stores that system\'s settings (ADMIN only, else 403). A credential is never stored: credentialEnv names ' +
        'the server\'s environment variable that holds it, and replies say only set / missing. Staff only.', {
      body: Type.Object({ system: Type.Optional(SystemName), config: Type.Optional(SystemConfigInput) }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Array(SystemConfigView), tenant: Type.String(), message: Type.Optional(Type.String()) }), ...errorReplies },
    }), async (request) => {
    const user = staffUser(request);
    const { system, config } = request.body;
    if (config || system) {
      if (!hasRole(user, 'ADMIN')) throw forbidden('permission', 'Only an administrator may change the external systems');
      if (!config || !system) throw refused('config', 'Send both system and config');
      await saveConfig(app.db, opts.tenant, system, config);
      request.log.info({ system, mode: config.mode }, 'external system config changed');
    }
    return { data: await listConfigs(app.db, opts.tenant), tenant: opts.tenant, ...(config ? { message: `${system} saved` } : {}) };
  });

  app.post('/util/xmlToJSON', route.credit(null, 'XML to JSON',
      `Converts an XML document (e.g. a bureau reply) to JSON: attributes as "@name", text as "#text" or the value itself, repeated elements as arrays. Bounded and safe: at most ${XML_LIMITS.maxChars} characters, ${XML_LIMITS.maxDepth} levels and ${XML_LIMITS.maxNodes} elements; DOCTYPE and ENTITY declarations are refused (no entity expansion, no external entities). 400/1101 naming the problem and where. Staff only.`, {
      body: Type.Object({ xml: Type.String({ minLength: 1, maxLength: XML_LIMITS.maxChars }) }),
      response: { 200: Type.Object({ data: Json('The document as JSON: { rootElement: … }') }), ...errorReplies },
    }), async (request) => {
    staffUser(request);
    return { data: xmlToJson(request.body.xml) };
  });

  app.post('/collectionConfig/cardTypes', route.credit(null, 'Card types accepted for collection',
      'The card networks the repayment screens accept (prefixes, number lengths, CVV length); with cardNumber, which network it is, whether it passes the length and Luhn checks, and its last four digits (the number is not echoed or logged). Staff only.', {
      body: Type.Object({ cardNumber: Type.Optional(Type.String({ pattern: '^[0-9 -]{4,23}$' })) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            cardTypes: Type.Array(Type.Object({ type: Type.String(), name: Type.String(), prefixes: Type.Array(Type.String()), lengths: Type.Array(Type.Integer()), cvvLength: Type.Integer() })),
            card: Type.Optional(Type.Object({ type: Nullable(Enum(['VISA', 'MASTERCARD', 'RUPAY', 'AMEX', 'DINERS'])), lastFour: Type.String(), valid: Type.Boolean() })),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => {
    staffUser(request);
    const n = request.body.cardNumber;
    return { data: { cardTypes: CARD_TYPES, ...(n ? { card: identifyCard(n) } : {}) } };
  });
};
export default utilityRoutes;
