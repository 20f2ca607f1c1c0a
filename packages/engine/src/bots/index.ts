export * from './filters';
export * from './limits';
export * from './prices';
export * from './trade';
export * from './replay';
