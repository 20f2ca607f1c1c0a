export * from './occ';
