import { httpBankStatement, httpBureau, httpDecisionEngine, httpMoney } from './http';
import { sandboxBankStatement, sandboxBureau, sandboxDecisionEngine, sandboxMoney } from './sandbox';
import type { BankStatementAdapter, BureauAdapter, DecisionEngineAdapter, MoneyAdapter, SystemConfig } from './types';

export * from './types';

// The sandbox money systems keep their idempotency memory for the life of the process, like a bank would for longer.
const sandboxCore = sandboxMoney('CBS');
const sandboxMandate = sandboxMoney('NACH');

export function bureauAdapter(c: SystemConfig, tenant: string): BureauAdapter {
  return c.mode === 'http' ? httpBureau(c, tenant) : sandboxBureau;
}
export function bankStatementAdapter(c: SystemConfig, tenant: string): BankStatementAdapter {
  return c.mode === 'http' ? httpBankStatement(c, tenant) : sandboxBankStatement;
}
export function decisionEngineAdapter(c: SystemConfig, tenant: string): DecisionEngineAdapter {
  return c.mode === 'http' ? httpDecisionEngine(c, tenant) : sandboxDecisionEngine;
}
export function moneyAdapter(system: 'CORE_BANKING' | 'MANDATE', c: SystemConfig, tenant: string): MoneyAdapter {
  if (c.mode === 'http') return httpMoney(system, c, tenant);
  return system === 'CORE_BANKING' ? sandboxCore : sandboxMandate;
}
