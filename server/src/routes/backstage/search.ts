import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { GLOBAL_SEARCH_PAGE_SIZE, LISTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { globalSearch, localSearch, localSearchRequest } from '../../domain/lists/search';
import { ListInput } from '../../domain/lists/list-input';
import { errorReplies } from '../common/schemas';
import { streamExport } from './export';
import { ListItem, ListOrExport, PageInfo } from '../common/application-schemas';
import { route } from '../common/route';

const TEXT =
  'The text (searchText, or search / query / searchKey) matches, case and accents ignored, any fragment of applicant names, ' +
  'mobiles, e-mails, PANs and the application id (digits alone too: "241" finds APP-00000241), or an initiator\'s user name; ' +
  'a status or a DD/MM/YYYY creation day is an exact filter.';

/** Search (§7 Lists): across everything the caller may see, or inside one list. */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(LISTS.globalSearch, route.backstage(null, 'Global search',
      `Every status, ranked (the exact id, then a word that starts with the text, then the text anywhere; newest first within each), ${GLOBAL_SEARCH_PAGE_SIZE} a page (§9), keyset paging (pagination.cursor). ${TEXT} Access: staff; ` +
        'only applications the caller may open. Errors: 400/1101 without a search text, 403 for the customer account.', {
      body: ListInput,
      response: { 200: Type.Object({ data: Type.Array(ListItem), pageInfo: PageInfo }), ...errorReplies },
    }), async (request) => globalSearch(app.db, currentUser(request), request.body));

  // With export: true the searched list streams like an exported list, so the file holds exactly what the user sees.
  app.post(LISTS.localSearch, route.backstage(null, 'Search inside a list',
      `The same text search inside one list (its visibility, status and filters): a keyset page plus the §3 counts of the matches ` +
        `(counts: false skips them); export: true streams every match as NDJSON. ${TEXT} Access: any staff session. Errors: 400/1101 ` +
        'without a search text or with bad list inputs.', {
      body: ListInput,
      response: { 200: ListOrExport, ...errorReplies },
    }), async (request, reply) => {
    const user = currentUser(request);
    if (request.body.export === true) return streamExport(reply, await localSearchRequest(app.db, user, request.body), app.db);
    return localSearch(app.db, user, request.body);
  });
};
export default searchRoutes;
