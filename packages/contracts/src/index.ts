export * from './constants';
export * from './messages';
export * from './session';
export * from './auth';
export * from './routes';
export * from './market';
export * from './alerts';
