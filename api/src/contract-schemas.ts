// The response schemas now live with their types in contract/<domain>.ts, re-exported by
// contract.ts (decision 109). This name stays for the modules that still import it (profiles/,
// booking-money/ledger-check-routes.ts); new code imports from contract.ts.

export * from './contract';
export { Nullable } from './contract/builders';
