/** What the staff member looking after a customer shows of themselves: a public card, no contact data. */
export interface StaffCard {
  id: string;
  realName: string;
  avatar: string | null;
  brandNames: string[];
}

/** The signed-in customer of the mobile pages (/h5), with the card of the staff member responsible. */
export interface CustomerProfile {
  id: string;
  tenantId: string;
  name: string;
  phone: string;
  sex: number;
  brand: string | null;
  staff: StaffCard | null;
}
