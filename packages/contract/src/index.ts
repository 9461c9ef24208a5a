export * from './codes';
export * from './money';
export * from './enums';
export * from './common';
export * from './calls';
export * from './game';
export * from './envelope';
