export * from './round-trips';
