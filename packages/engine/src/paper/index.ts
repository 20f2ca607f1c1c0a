export * from './fills';
export * from './ledger';
