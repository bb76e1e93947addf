import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LISTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { executeListQuery } from '../../domain/lists/graphql-schema';
import { Text } from '../../domain/bounds';
import { errorReplies, Json } from '../common/schemas';
import { route } from '../common/route';

/** The list GraphQL (§7 Lists) on graphql-js: the schema is domain/lists/graphql-schema.ts, published as SDL. */
const graphqlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // §7: "GraphQL request bodies are encrypted and sent as {data}" — recognised without the marker header too.
  app.post(LISTS.graphql, route.backstage({ encryptedBody: 'always-when-data' }, 'List GraphQL',
      'GraphQL over the lists: `applications(...)` (the §3 list query inputs, flat or as `input`; answers the §3 Application list ' +
        'result with typed rows and the keyset pageInfo) and `application(application_id)` (the §3 Application with its appLifeCycle). ' +
        'The schema (SDL) is at /docs/api/schema.graphql; queries only, at most 5 top-level fields, nesting up to 32 levels. The body is ' +
        'sent encrypted as {data: "iv:ciphertext"} with the session key (§7, §9), with or without x-lendline-encrypted; a plain ' +
        '{query, variables, operationName} is taken too. Access: any session; rows are only those the caller may see, an application ' +
        'only one the caller may open. Errors: 400/1101 for a document that does not parse or validate (one item per GraphQL error), ' +
        'bad list inputs or variables; 404 for an application the caller may not open.', {
      body: Type.Object({
        query: Type.String({ minLength: 1, maxLength: 20000 }),
        variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
        operationName: Type.Optional(Type.Union([Text(200), Type.Null()])),
      }),
      response: { 200: Type.Object({ data: Json('The selected fields of each top-level field, by response key') }), ...errorReplies },
    }), async (request) => {
    const { query, variables, operationName } = request.body;
    return executeListQuery(app.db, currentUser(request), query, variables ?? undefined, operationName);
  });
};
export default graphqlRoutes;
