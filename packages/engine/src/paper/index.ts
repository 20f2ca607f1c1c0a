export * from './fills';
export * from './ledger';
export * from './account';
