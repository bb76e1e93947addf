import type { Db } from '../db/db';
import { APPLICATION_ACTIONS, CAPTCHA } from '@lendline/shared/contract';
import { GRIEVANCE_OFFICERS, STATIC_TEXT, TENANTS, THEMES } from './tenant-themes';
import { REPORTS } from '../domain/managers/reports';
import { STRAIGHT_THROUGH_PL } from '../domain/stp/policy';

/**
 * Baseline setup configs of §7 (configuration is data): tenants, their themes and wording, admin
 * features, captcha, analytics, chat bot, product parameters, actions. Runs on an empty table.
 * Admin/Session is not stored: it is read from the environment (docs/identity.md).
 */
interface Row {
  category: string;
  sub: string;
  tenant?: string;
  product?: string;
  enabled?: boolean;
  config: object;
}

const CAPTCHA_CONFIG = {
  provider: 'self-hosted',
  siteKey: 'lendline-self-hosted',
  challengeUrl: '/v3/captcha/challenge',
  validateUrl: CAPTCHA.validate,
};

const PRODUCT_PARAMETERS: Record<string, object> = {
  PL: { minAmount: 50000, maxAmount: 2500000, minTenureMonths: 12, maxTenureMonths: 60, maxInterestRate: 99.99, currency: 'INR' },
  HL: { minAmount: 500000, maxAmount: 50000000, minTenureMonths: 60, maxTenureMonths: 360, maxInterestRate: 99.99, currency: 'INR' },
  BL: { minAmount: 100000, maxAmount: 10000000, minTenureMonths: 12, maxTenureMonths: 84, maxInterestRate: 99.99, currency: 'INR' },
};

function rows(): Row[] {
  const out: Row[] = [
    { category: 'GLOBAL', sub: 'Tenants', config: { tenants: TENANTS } },
    { category: 'Admin', sub: 'Features', config: { features: [{ name: 'EXTERNAL_INTEGRATION', enabled: true }] } },
    // customerportal null: the server answers the product's own origin + /newapplication.
    { category: 'Environment', sub: 'Domain', config: { customerportal: null } },
    { category: 'Analytics', sub: 'Google Places', enabled: false, config: { siteKey: '', note: 'No outside maps service in the sandbox' } },
    { category: 'Analytics', sub: 'Configurations', config: { pageViews: false, events: false } },
    {
      category: 'Analytics',
      sub: 'Reports',
      // The report lists the server can run (domain/managers/reports.ts), with their columns and filters.
      config: { reports: REPORTS },
    },
    { category: 'Chat', sub: 'ChatBot', enabled: false, config: { title: 'Loan assistant', greeting: 'Hello! How can I help with your application?', scriptUrl: '/chatbot-widget.js' } },
    { category: 'Action', sub: 'Actions', config: { actions: APPLICATION_ACTIONS.map((a) => ({ type: a, permission: 'APPLICATIONS_ACTIONS' })) } },
    { category: 'FILTERS', sub: 'PRODUCTS', config: { products: Object.keys(PRODUCT_PARAMETERS) } },
  ];
  for (const t of TENANTS) {
    out.push({ category: 'GLOBAL', sub: 'Theme', tenant: t.id, config: THEMES[t.id] });
    out.push({ category: 'User', sub: 'StaticText', tenant: t.id, config: STATIC_TEXT[t.id] });
    // Captcha at login is on for NorthBank only: one tenant of each kind to test with.
    out.push({ category: 'Analytics', sub: 'Google Recaptcha', tenant: t.id, enabled: t.id === 'northbank', config: CAPTCHA_CONFIG });
  }
  for (const g of GRIEVANCE_OFFICERS) out.push({ category: 'GLOBAL', sub: 'GrievanceOfficer', tenant: g.tenant, config: g.officer });
  for (const [code, params] of Object.entries(PRODUCT_PARAMETERS)) out.push({ category: 'Product', sub: 'Parameters', product: code, config: params });
  // Straight-through processing (issue 29, domain/stp/policy.ts): the same row migration 107 adds to an existing database.
  out.push({ category: 'Credit', sub: 'StraightThrough', product: 'PL', config: STRAIGHT_THROUGH_PL });
  return out;
}

export async function seedSetupConfigs(db: Db): Promise<boolean> {
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM setup_configs');
  if (count[0].n > 0) return false;
  await db.transaction(async (tx) => {
    for (const r of rows()) {
      await tx.query(
        `INSERT INTO setup_configs (category, sub_category, tenant, product_code, enabled, config) VALUES ($1, $2, $3, $4, $5, $6)`,
        [r.category, r.sub, r.tenant ?? '*', r.product ?? '*', r.enabled ?? true, JSON.stringify(r.config)],
      );
    }
  });
  return true;
}
