/** Spec §9: 40 s time-out; statuses 200–500 reach the rules (toasts: ./toast). */
export const HTTP_TIMEOUT = 40_000;
export const UPLOAD_TIMEOUT = 600_000;
/** The client's credentials, sent with every request (the build reads them too: ./early.ts). */
export const CLIENT_BASIC = `Basic ${btoa('saber:saber_secret')}`;
