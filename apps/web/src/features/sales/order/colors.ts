/** The tag colours of an order's status and of a trade's kind (money in green, money going back orange). */
export const STATUS_COLOR: Record<string, string> = {
  unpaid: 'orange',
  partial: 'blue',
  paid: 'green',
  cancelled: 'default',
};

export const KIND_COLOR: Record<string, string> = { receipt: 'green', refund: 'orange' };
