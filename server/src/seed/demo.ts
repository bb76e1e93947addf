import type { Db } from '../db/db';

/**
 * Demo data for the embedded default: three products and a small, realistic book of applications
 * with their current tasks. Runs once, on a database whose products table is empty.
 */
const PRODUCTS = [
  { code: 'PL', name: 'Personal Loan', type: 'UNSECURED', description: 'Unsecured loan for personal needs, 1 to 5 years.', joint: 1, order: 1 },
  { code: 'HL', name: 'Home Loan', type: 'SECURED', description: 'Purchase or construction of a home, up to 30 years.', joint: 3, order: 2 },
  { code: 'BL', name: 'Business Loan', type: 'BUSINESS', description: 'Working capital and term loans for small businesses.', joint: 2, order: 3 },
];

const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Kabir', 'Isha', 'Arjun', 'Sara', 'Dev', 'Nisha'];
const LAST = ['Sharma', 'Iyer', 'Patel', 'Reddy', 'Khan', 'Das', 'Mehta', 'Nair', 'Singh', 'Gupta'];
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'COMPLETED', 'REJECTED', 'CANCELLED', 'INACTIVE'];
const STEPS = ['Data Entry', 'Credit Review', 'Approval', 'Disbursement'];

export async function seedDemo(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  if (rows[0].n > 0) return false;
  await db.transaction(async (tx) => {
    for (const p of PRODUCTS) {
      await tx.query(
        `INSERT INTO products (product_code, product_name, product_type_code, description, max_joint_applicants, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [p.code, p.name, p.type, p.description, p.joint, p.order],
      );
    }
    for (let i = 0; i < 36; i++) {
      const product = PRODUCTS[i % PRODUCTS.length];
      const status = STATUSES[i % STATUSES.length];
      const stage = i % STEPS.length;
      const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
      const id = `APP-${String(100001 + i)}`;
      const created = new Date(Date.UTC(2026, 9, 1) + i * 36e5 * 19);
      await tx.query(
        `INSERT INTO applications (application_id, product_code, status, single_or_joint, applicant_name, stage, custom_fields, created_at, mod_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [id, product.code, status, i % 3 === 0 ? 'Joint' : 'Single', name, stage, JSON.stringify({ loanAmount: 150000 + i * 25000 }), created],
      );
      const progress = status === 'ACTIVE' ? (i % 2 ? 'In Progress' : 'Pending') : status === 'REJECTED' ? 'Rejected' : status === 'CANCELLED' ? 'Cancelled' : 'Completed';
      await tx.query(
        `INSERT INTO tasks (task_id, application_id, name, progress, assigned_to, assigned_team, step_number, step_name, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [`TSK-${100001 + i}`, id, STEPS[stage], progress, progress === 'In Progress' ? (i % 4 === 1 ? 'cpa1' : 'cpa2') : null, [i % 2 ? 'BRANCH-NORTH-CPA' : 'BRANCH-SOUTH-CPA'], stage, STEPS[stage], created],
      );
    }
    const users = ['cpa1', 'cpa2', 'bcm1', 'bh1'];
    const types = ['ASSIGNED', 'TEAM', 'FOLLOWED'];
    for (let i = 0; i < 12; i++) {
      await tx.query(`INSERT INTO notifications (username, sender, type, messages, status) VALUES ($1, $2, $3, $4, $5)`, [
        users[i % users.length],
        'bcm1',
        types[i % types.length],
        JSON.stringify([`Application APP-${100001 + i} needs your attention`]),
        i % 3 === 0 ? '1' : '0',
      ]);
    }
  });
  return true;
}
