import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CONFIG } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { enabledProducts, masterProducts, productFilterOptions } from '../../domain/config/products';
import { errorReplies } from '../common/schemas';
import { Data, describe, MasterProduct, Option, Product } from './schemas';
import { route } from '../common/route';

/** The products: what a customer can apply for, their configuration, and the lists' product filter. */
const products: FastifyPluginAsyncTypebox = async (app) => {
  // Authentication already refuses these without a session; the check here keeps them closed if that ever changes.
  app.addHook('onRequest', async (request) => {
    currentUser(request);
  });

  app.get(CONFIG.allProducts, route.platform(null, 'The products a customer can apply for',
      describe(CONFIG.allProducts, 'The enabled products in the lender’s order (the portal’s product chooser and start page). Needs a session: staff or the customer account.'), {
      response: { 200: Data(Type.Array(Product)), ...errorReplies },
    }), async () => ({ data: await enabledProducts(app.db) }));

  app.get(CONFIG.masterProducts, route.platform(null, 'Every product with its configuration',
      describe(CONFIG.masterProducts, 'All products (enabled or not) with their parameters and SAVED flows at the default configuration version (243). Needs a session.'), {
      response: { 200: Data(Type.Array(MasterProduct)), ...errorReplies },
    }), async () => ({ data: await masterProducts(app.db) }));

  app.get(CONFIG.filterProducts, route.platform(null, 'The product filter’s options',
      describe(CONFIG.filterProducts, 'The enabled products as { label: name, value: code }, for the lists’ product filter. Needs a session.'), {
      response: { 200: Data(Type.Array(Option)), ...errorReplies },
    }), async () => ({ data: await productFilterOptions(app.db) }));
};
export default products;
