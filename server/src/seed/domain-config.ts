import type { ConfigMode, FlowConfig } from '@lendline/shared/contract';
import { DEFAULT_FLOW_VERSION } from '@lendline/shared/contract';
import type { Db, Queryable } from '../db/db';
import { personalLoanFlow, PL_PURPOSES } from './config/personal-loan';
import { homeLoanFlow, HL_PURPOSES } from './config/home-loan';
import { businessLoanFlow, BL_PURPOSES } from './config/business-loan';
import { LIFECYCLES } from './config/lifecycles';
import { TABLE_CONFIGS, TEMPLATES } from './config/table-configs';
import { HINDI_FIELD_LABELS, HINDI_SECTION_NAMES } from './config/hindi-labels';
import { PRODUCT_ELIGIBILITY } from './config/eligibility';
import type { Eligibility } from '../domain/portal/products-summary';

export const SEED_FLOWS: FlowConfig[] = [personalLoanFlow, homeLoanFlow, businessLoanFlow];

export const PRODUCT_PARAMETERS: Record<string, { flowId: string; minAmount: number; maxAmount: number; minTenureMonths: number; maxTenureMonths: number; purposes: string[]; interestRate: number; eligibility: Eligibility }> = {
  PL: { flowId: 'PL_FLOW', minAmount: 50000, maxAmount: 4000000, minTenureMonths: 12, maxTenureMonths: 60, purposes: PL_PURPOSES, interestRate: 11.25, eligibility: PRODUCT_ELIGIBILITY.PL },
  HL: { flowId: 'HL_FLOW', minAmount: 500000, maxAmount: 100000000, minTenureMonths: 12, maxTenureMonths: 360, purposes: HL_PURPOSES, interestRate: 8.6, eligibility: PRODUCT_ELIGIBILITY.HL },
  BL: { flowId: 'BL_FLOW', minAmount: 100000, maxAmount: 50000000, minTenureMonths: 12, maxTenureMonths: 84, purposes: BL_PURPOSES, interestRate: 14.5, eligibility: PRODUCT_ELIGIBILITY.BL },
};

const j = JSON.stringify;

/**
 * Section and sub-section names in Hindi, as 'components' translations keyed by the section or
 * sub-section id (component ids are distinct from those), applied by flowConfig(lang).
 */
async function writeNameTranslation(tx: Queryable, flowId: string, id: string, name: string | undefined, verNum: number, mode: ConfigMode): Promise<void> {
  const hindi = name ? HINDI_SECTION_NAMES[name] : undefined;
  if (!hindi) return;
  await tx.query(`INSERT INTO translations (flow_id, type, lang, key, ver_num, mode, value) VALUES ($1,'components','hi',$2,$3,$4,$5) ON CONFLICT DO NOTHING`, [flowId, id, verNum, mode, hindi]);
}

/** Writes one flow config, decomposed into flows / sections / sub-sections / components / fields / rules / routes. */
export async function writeFlow(tx: Queryable, flow: FlowConfig, mode: ConfigMode = flow.mode, verNum = flow.verNum): Promise<void> {
  const { sections, flowId, flowName, flowType, product_code, ...rest } = flow;
  await tx.query(`INSERT INTO flows (flow_id, ver_num, mode, product_code, flow_type, flow_name, body) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
    flowId, verNum, mode, product_code, flowType, flowName, j({ flowTheme: rest.flowTheme, startRoute: rest.startRoute, custom_route: rest.custom_route }),
  ]);
  const routes: unknown[] = [];
  for (const [si, section] of sections.entries()) {
    const { subSections, ...sectionBody } = section;
    await tx.query(`INSERT INTO flow_sections (flow_id, section_id, ver_num, mode, ord, body) VALUES ($1,$2,$3,$4,$5,$6)`, [flowId, section.sectionId, verNum, mode, si, j(sectionBody)]);
    await writeNameTranslation(tx, flowId, section.sectionId, section.name, verNum, mode);
    for (const [ssi, sub] of subSections.entries()) {
      const { components = [], fields: _shorthand, ...subBody } = sub;
      await tx.query(`INSERT INTO flow_sub_sections (flow_id, section_id, sub_section_id, ver_num, mode, ord, body) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
        flowId, section.sectionId, sub.subSectionId, verNum, mode, ssi, j({ ...subBody, componentIds: components.map((c) => c.componentId) }),
      ]);
      await writeNameTranslation(tx, flowId, sub.subSectionId, sub.name, verNum, mode);
      routes.push({
        sectionId: section.sectionId,
        subSectionId: sub.subSectionId,
        route: sub.isCustom ? sub.customRoute ?? flow.custom_route ?? 'capture_1' : `${section.routeName}/${sub.routeName}`,
        skipForNewCustomer: !!sub.skipForNewCustomer,
        skipForExistingCustomer: !!sub.skipForExistingCustomer,
        skipForSingle: !!sub.skipForSingle,
        skipForJoint: !!sub.skipForJoint,
        disabledForPrimary: !!sub.disabledForPrimary,
        isSingle: !!sub.isSingle,
      });
      for (const component of components) {
        const { fields, ...componentBody } = component;
        await tx.query(`INSERT INTO components (component_id, ver_num, mode, setup_category, identifier, body) VALUES ($1,$2,$3,'FORM',$4,$5)`, [
          component.componentId, verNum, mode, flowId, j(componentBody),
        ]);
        for (const [fi, f] of fields.entries()) {
          await tx.query(`INSERT INTO fields (component_id, key, ver_num, mode, ord, field_type, body) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
            component.componentId, f.key, verNum, mode, fi, f.field_type_details.type, j({ ...f, order: fi }),
          ]);
          await tx.query(`INSERT INTO translations (flow_id, type, lang, key, ver_num, mode, value) VALUES ($1,'fields','en',$2,$3,$4,$5) ON CONFLICT DO NOTHING`, [flowId, f.key, verNum, mode, f.label ?? f.key]);
          if (HINDI_FIELD_LABELS[f.key]) {
            await tx.query(`INSERT INTO translations (flow_id, type, lang, key, ver_num, mode, value) VALUES ($1,'fields','hi',$2,$3,$4,$5) ON CONFLICT DO NOTHING`, [flowId, f.key, verNum, mode, HINDI_FIELD_LABELS[f.key]]);
          }
        }
        for (const [ri, rule] of (component.ruleConfigs ?? []).entries()) {
          await tx.query(`INSERT INTO rules (flow_id, rule_id, ver_num, mode, body) VALUES ($1,$2,$3,$4,$5)`, [flowId, `${component.componentId}_R${ri + 1}`, verNum, mode, j({ ...rule, componentId: component.componentId })]);
        }
        await tx.query(`INSERT INTO translations (flow_id, type, lang, key, ver_num, mode, value) VALUES ($1,'components','en',$2,$3,$4,$5) ON CONFLICT DO NOTHING`, [flowId, component.componentId, verNum, mode, section.name]);
      }
    }
  }
  await tx.query(`INSERT INTO route_configs (config_id, ver_num, mode, flow_type, body) VALUES ($1,$2,$3,$4,$5)`, [`${product_code}/${flowId}`, verNum, mode, flowType, j({ flowId, startRoute: flow.startRoute, routes })]);
}

/**
 * Configuration as data (versioned rows, SAVED and DRAFT modes, read by the §7 configuration routes): flows, lifecycles, table configs, templates, translations.
 * Idempotent: does nothing when flows already exist. Needs the products rows (seed/demo.ts).
 */
export async function seedDomainConfig(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM flows');
  if (rows[0].n > 0) return false;
  await db.transaction(async (tx) => {
    for (const flow of SEED_FLOWS) await writeFlow(tx, flow);
    // A draft of the personal-loan flow being edited by an admin: same version, DRAFT mode.
    await writeFlow(tx, { ...personalLoanFlow, flowName: `${personalLoanFlow.flowName} (draft)` }, 'DRAFT');
    for (const [code, steps] of Object.entries(LIFECYCLES)) {
      await tx.query(`INSERT INTO lifecycles (product_code, ver_num, mode, steps) VALUES ($1,$2,'SAVED',$3)`, [code, DEFAULT_FLOW_VERSION, j(steps)]);
      await tx.query(`INSERT INTO product_configs (product_code, ver_num, mode, body) VALUES ($1,$2,'SAVED',$3)`, [code, DEFAULT_FLOW_VERSION, j({ productParameters: PRODUCT_PARAMETERS[code] })]);
    }
    for (const t of TABLE_CONFIGS) await tx.query(`INSERT INTO table_configs (table_id, ver_num, mode, body) VALUES ($1,$2,'SAVED',$3)`, [t.tableId, DEFAULT_FLOW_VERSION, j(t)]);
    for (const t of TEMPLATES) {
      await tx.query(`INSERT INTO templates (template_id, ver_num, mode, template_name, template_type, body, translations) VALUES ($1,$2,'SAVED',$3,$4,$5,$6)`, [
        t.template_id, DEFAULT_FLOW_VERSION, t.template_name, t.template_type, j(t.body), j(t.translations),
      ]);
    }
  });
  return true;
}
