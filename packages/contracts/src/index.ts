export * from './envelope.js';
export * from './validators.js';
export * from './customer.js';
