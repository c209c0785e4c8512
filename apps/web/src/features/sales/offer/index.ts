/** What other sales pages use of the offers: the offer form (the inquiry page's "Quote" opens it). */
export { OfferForm, type OfferFormProps } from './OfferForm';
export type { InquiryChoice } from './api';
