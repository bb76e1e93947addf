import type { Queryable } from '../../db/db';
import { findSetupConfig } from '../setup/setup-configs';

/** Days of the cooling-off period when neither the product nor the tenant sets one (setup config Lending/CoolingOff). */
export const DEFAULT_COOLING_OFF_DAYS = 3;

/** The product's, else the tenant's, cooling-off days ({ days: 1–30 }); out of bounds or absent: the default. */
export async function coolingOffDays(q: Queryable, tenant: string, productCode: string): Promise<number> {
  const row = await findSetupConfig(q, { category: 'Lending', subCategory: 'CoolingOff', tenant, productCode, onlyEnabled: true });
  const d = row?.config.days;
  return typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 30 ? d : DEFAULT_COOLING_OFF_DAYS;
}
