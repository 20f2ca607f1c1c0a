export * from './users';
export * from './plans';
export * from './alert-types';
export * from './auth';
export * from './outbox';
export * from './alerts';
export * from './resources';
export * from './tools';
