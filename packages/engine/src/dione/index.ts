export * from './analysis';
