import type { GrievanceOfficer } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { findSetupConfig } from '../setup/setup-configs';

/**
 * The grievance officer a borrower may complain to (RBI digital lending directions: shown on the site, the app and
 * every document): the setup config GLOBAL/GrievanceOfficer, the tenant's own row winning over the shared ('*') one.
 * The portal reads it as a public setup config; the PDFs and the KFS read it here. Without a tenant (a document of
 * an application, which records none) the shared row answers: the deployment's own lender. null when none is
 * configured or the row is switched off or malformed — callers then show nothing rather than an invented contact.
 */
export async function grievanceOfficer(q: Queryable, tenant = '*'): Promise<GrievanceOfficer | null> {
  const row = await findSetupConfig(q, { category: 'GLOBAL', subCategory: 'GrievanceOfficer', tenant, onlyEnabled: true });
  const c = row?.config ?? {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const name = text(c.name);
  const phone = text(c.phone);
  const email = text(c.email);
  return name && phone && email ? { name, phone, email } : null;
}

/** The line every generated document ends its pages with (render.ts), in the document's language. */
export function grievanceLine(o: GrievanceOfficer, lang: string): string {
  return lang === 'hi'
    ? `शिकायत अधिकारी: ${o.name}, फ़ोन ${o.phone}, email ${o.email}`
    : `Grievance officer: ${o.name}, phone ${o.phone}, e-mail ${o.email}`;
}

/** The footer line of a generated document, or none when no officer is configured. */
export async function grievanceFooter(q: Queryable, lang: string, tenant?: string): Promise<string | undefined> {
  const o = await grievanceOfficer(q, tenant);
  return o ? grievanceLine(o, lang) : undefined;
}
