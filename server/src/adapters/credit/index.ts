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
  const sandbox = system === 'CORE_BANKING' ? sandboxCore : sandboxMandate;
  return c.sandboxLatencyMs ? slowed(sandbox, c.sandboxLatencyMs) : sandbox;
}

/** The sandbox answering after a pause (config sandboxLatencyMs), as a real core-banking system does. */
function slowed(a: MoneyAdapter, ms: number): MoneyAdapter {
  const pause = () => new Promise((r) => setTimeout(r, ms));
  return {
    name: a.name,
    send: async (op) => (await pause(), a.send(op)),
    lookup: (key) => a.lookup(key),
  };
}
