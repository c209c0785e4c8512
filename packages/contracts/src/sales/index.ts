/** The sales floor's shared rules (`@forecourt/contracts/sales`): pure, run by the server and the web. */
export * from './money.js';
export * from './vin.js';
export * from './enums.js';
export * from './errors.js';
export * from './tax.js';
export * from './pricing.js';
export * from './status.js';
export * from './messages.js';
export * from './schemas.js';
export * from './defaults.js';
export * from './timing.js';
// wave 2, sales-stock: catalogue and stock (resources) on the wire
export * from './catalog-api.js';
export * from './resource-api.js';
// wave 2, sales-offer: offers on the wire
export * from './offer-api.js';
// wave 2, sales-inquiry
export * from './inquiry-api.js';
// orders, receipts and refunds
export * from './order-api.js';
// red packets
export * from './red-packet-api.js';
// wave 2, sales-desk
export * from './desk-api.js';
