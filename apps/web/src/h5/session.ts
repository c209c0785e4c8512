import { create } from 'zustand';
import { getStore, removeStore, setStore } from '@/shared/storage';
import { bindH5Session, h5Api, type CustomerProfile } from './api';

/** The customer's own session on this device; kept apart from a staff session of the same browser. */
const TOKEN_ENTRY = 'h5-token';

interface H5Session {
  token?: string;
  customer?: CustomerProfile;
  signedIn: (token: string, customer: CustomerProfile) => void;
  setCustomer: (customer: CustomerProfile) => void;
  signOut: () => Promise<void>;
  clear: () => void;
}

export const useH5Session = create<H5Session>((set, get) => ({
  token: getStore<string>(TOKEN_ENTRY, false),
  signedIn: (token, customer) => {
    setStore(TOKEN_ENTRY, token);
    set({ token, customer });
  },
  setCustomer: (customer) => set({ customer }),
  signOut: async () => {
    // The customer is signed out here whatever the server says.
    if (get().token) await h5Api.logout().catch(() => undefined);
    get().clear();
  },
  clear: () => {
    removeStore(TOKEN_ENTRY);
    set({ token: undefined, customer: undefined });
  },
}));

bindH5Session({
  token: () => useH5Session.getState().token,
  signedOut: () => useH5Session.getState().clear(),
});
