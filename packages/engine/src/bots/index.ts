export * from './filters';
export * from './limits';
export * from './prices';
