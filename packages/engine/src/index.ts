export * from './money/decimal';
export * from './bars';
export * from './terms';
export * from './dione/index';
export * from './range-radar/index';
export * from './alerts/index';
export * from './options/index';
export * from './indicators';
