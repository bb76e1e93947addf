import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LISTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { listProducts, mailTemplate, savedTableConfig } from '../../domain/lists/lookups';
import { withRowKeys } from '../../seed/config/table-configs';
import { errorReplies, Json, Enum } from '../common/schemas';
import { route } from '../common/route';

/** What the list pages read besides the lists (§7 Lists): table configs, mail templates, products. */
const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/backstage/getTableConfig/:id', route.backstage(null, 'Table config of a list',
      'The saved table config of a list (id: a list type such as ALL_APPLICATIONS): its columns keyed by list-row names, default status, ' +
        'page sizes and assignment permissions. Access: any session. Errors: 404 when the list has none.', {
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 60 }) }),
      response: { 200: Type.Object({ data: Json('TableConfig: tableId, title, columns [{key, label, type, filterable, sortable, sortKey, filterKey, options}], defaultStatus, pageSize, pageSizes, gridPageSizes, permissions, exportable') }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    // Stored configs that spelled column keys as database columns are read with today's row keys.
    return { data: withRowKeys(await savedTableConfig(app.db, request.params.id)) };
  });

  app.get(LISTS.products, route.backstage(null, 'Products for the list filters',
      'The enabled products in display order, with their configured parameters. Access: any session.', {
      response: {
        200: Type.Object({
          data: Type.Array(Type.Object({
            product_code: Type.String(),
            product_name: Type.String(),
            product_type_code: Type.String(),
            productParameters: Json('The product\'s configured parameters, or null'),
          })),
        }),
        ...errorReplies,
      },
    }), async (request) => {
    currentUser(request);
    return { data: await listProducts(app.db) };
  });

  app.get('/backstage/getMailTemplate/:id', route.backstage(null, 'A mail template',
      'The latest saved version of a template (§3 Template list item plus its body). Access: any session. Errors: 404 for an unknown template.', {
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            template_id: Type.String(),
            template_name: Type.String(),
            template_type: Enum(['PDF', 'SMS', 'HTML', 'EMAIL']),
            verNum: Type.Integer(),
            body: Json('The template: subject, html or text with {{placeholders}}'),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => {
    currentUser(request);
    return { data: await mailTemplate(app.db, request.params.id) };
  });
};
export default lookupRoutes;
