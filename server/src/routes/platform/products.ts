import type { FastifyPluginAsync } from 'fastify';

/** GET /v3/lead/getAllProducts: the products a customer can apply for. */
const products: FastifyPluginAsync = async (app) => {
  app.get('/v3/lead/getAllProducts', async () => {
    const { rows } = await app.db.query(
      `SELECT product_code, product_name, product_type_code, description, currency, max_joint_applicants AS "maximumJointApplicants"
         FROM products WHERE enabled ORDER BY sort_order, product_code`,
    );
    return { data: rows };
  });
};
export default products;
