import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LISTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { getFilters, MAX_FILTER_NAME, saveFilter } from '../../domain/lists/saved-filters';
import { MAX_FILTERS } from '../../domain/lists/list-input';
import { Text } from '../../domain/bounds';
import { errorReplies, Json } from '../common/schemas';
import { RowId } from '../common/application-schemas';
import { route } from '../common/route';

/** The filters of one saved filter: a list of §5 filters, or an object some clients wrap them in. */
const FilterBody = Type.Union([Type.Array(Type.Unknown(), { maxItems: MAX_FILTERS }), Type.Record(Type.String(), Type.Unknown())]);

const SaveFilterBody = Type.Object({
  filterType: Type.Optional(Text(60)),
  type: Type.Optional(Text(60)),
  filterName: Type.Optional(Text(MAX_FILTER_NAME)),
  name: Type.Optional(Text(MAX_FILTER_NAME)),
  filter: Type.Optional(FilterBody),
  filters: Type.Optional(FilterBody),
  config: Type.Optional(FilterBody),
});

const SavedFilter = Type.Object({
  id: RowId,
  filterUser: Type.String({ description: 'Whose filter it is' }),
  filterType: Type.String({ description: 'The list it is for (a list type)' }),
  filterName: Type.String(),
  filter: Json('The saved §5 filters, as saved'),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** Saved list filters (§7 Lists): a user's named filters per list. */
const filterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(LISTS.getFilter, route.backstage(null, 'Saved filters',
      'The saved filters of filterUser (default the caller), optionally of one list (filterType). Access: one\'s own; an ADMIN may read ' +
        'anyone\'s. Errors: 403 for another user\'s filters.', {
      body: Type.Object({ filterType: Type.Optional(Type.String({ maxLength: 60 })), filterUser: Type.Optional(Type.String({ maxLength: 80 })) }),
      response: { 200: Type.Object({ data: Type.Array(SavedFilter) }), ...errorReplies },
    }), async (request) => ({ data: await getFilters(app.db, currentUser(request), request.body) }));

  app.post(LISTS.saveFilter, route.backstage(null, 'Save a filter',
      'Saves the caller\'s named filter for a list (filterType or type, filterName or name, filter / filters / config); saving again under ' +
        'the same name replaces it. Access: any session, for the caller\'s own filters. Errors: 400/1101 (no list, no name, no filter, ' +
        'too long). An admin path (§7): with admin API encryption on, the 200 reply is sent as {data} encrypted with the session key ' +
        '(x-lendline-encrypted: aes-cbc); the schema shows the plaintext.', {
      body: SaveFilterBody,
      response: { 200: Type.Object({ data: SavedFilter, message: Type.String() }), ...errorReplies },
    }), async (request) => ({ data: await saveFilter(app.db, currentUser(request), request.body), message: 'Filter saved' }));
};
export default filterRoutes;
