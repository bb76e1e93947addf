import type { Db } from '../db/db';
import { seedDomainConfig } from './domain-config';
import { seedPricing } from './pricing';
import { generateApplications } from './generate-applications';

/**
 * Demo data for the embedded default: three products, their configuration, and a small, realistic
 * book of applications with their tasks.
 */
const PRODUCTS = [
  { code: 'PL', name: 'Personal Loan', type: 'UNSECURED', description: 'Unsecured loan for personal needs, 1 to 5 years.', joint: 1, order: 1,
    translations: { hi: { product_name: 'व्यक्तिगत ऋण', description: 'निजी ज़रूरतों के लिए बिना गिरवी का ऋण, 1 से 5 वर्ष।' } } },
  { code: 'HL', name: 'Home Loan', type: 'SECURED', description: 'Purchase or construction of a home, up to 30 years.', joint: 3, order: 2,
    translations: { hi: { product_name: 'गृह ऋण', description: 'घर की ख़रीद या निर्माण के लिए, 30 वर्ष तक।' } } },
  { code: 'BL', name: 'Business Loan', type: 'BUSINESS', description: 'Working capital and term loans for small businesses.', joint: 2, order: 3,
    translations: { hi: { product_name: 'व्यवसाय ऋण', description: 'छोटे व्यवसायों के लिए कार्यशील पूंजी और सावधि ऋण।' } } },
];

/** Applications in the embedded demo book: enough that every list and team has work in every state (the generator spreads them). */
export const DEMO_APPLICATIONS = 240;

/**
 * Products (once), then the configuration as data (idempotent), then — on an empty book — a small
 * set of generated applications with their tasks, and a few notifications. Returns true when
 * anything was written.
 */
export async function seedDemo(db: Db, opts: { applications?: number } = {}): Promise<boolean> {
  const wrote = await seedDemoSetup(db);
  return (await seedDemoBook(db, opts)) || wrote;
}

/** Products and the configuration as data: nothing in them depends on the time they are written (test/helpers/db-template.ts copies them). */
export async function seedDemoSetup(db: Db): Promise<boolean> {
  const wrote = await seedProducts(db);
  const config = await seedDomainConfig(db);
  return (await seedPricing(db)) || config || wrote;
}

/** The book (times relative to now: creation, SLA due times), on an empty one only. */
async function seedDemoBook(db: Db, opts: { applications?: number }): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications');
  if (rows[0].n > 0) return false;
  await generateApplications(db, opts.applications ?? DEMO_APPLICATIONS, { spanDays: 30 });
  await db.transaction(async (tx) => {
    const users = ['cpa1', 'cpa2', 'bcm1', 'bh1'];
    const types = ['ASSIGNED', 'TEAM', 'FOLLOWED'];
    for (let i = 0; i < 12; i++) {
      await tx.query(`INSERT INTO notifications (username, sender, type, messages, status) VALUES ($1, $2, $3, $4, $5)`, [
        users[i % users.length],
        'bcm1',
        types[i % types.length],
        JSON.stringify([`Application APP-${String(i + 1).padStart(8, '0')} needs your attention`]),
        i % 3 === 0 ? '1' : '0',
      ]);
    }
  });
  return true;
}

async function seedProducts(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  if (rows[0].n > 0) return false;
  await db.transaction(async (tx) => {
    for (const p of PRODUCTS) {
      await tx.query(
        `INSERT INTO products (product_code, product_name, product_type_code, description, max_joint_applicants, sort_order, translations)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [p.code, p.name, p.type, p.description, p.joint, p.order, JSON.stringify(p.translations)],
      );
    }
  });
  return true;
}
