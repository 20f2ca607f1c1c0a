export * from './lifecycle';
export * from './notes';
export * from './measures';
export * from './scan';
export * from './instruments';
