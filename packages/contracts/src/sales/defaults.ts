/**
 * Defaults of the sales floor's time limits and the salesperson's discount limit. The second wave reads
 * the tenant's parameters (blade_param) and falls back to these.
 */
export const SALES_DEFAULTS = {
  /** How long an accepted offer holds its stock vehicle before the reservation lapses. */
  reservationHoldHours: 48,
  /** An inquiry not answered within this time after its creation is flagged overdue. */
  firstResponseMinutes: 30,
  /** A user inquiry nobody claims within this time is assigned round-robin. */
  userInquiryClaimMinutes: 15,
  /** The discount a salesperson may give without a manager's approval (yuan). */
  discountLimit: '5000.00',
} as const;
