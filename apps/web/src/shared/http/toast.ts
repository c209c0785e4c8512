type Message = (typeof import('antd/es/message'))['default'];

/** Spec §9: toasts stay 2000 ms, at offset 40, three at most. */
export const TOAST = { duration: 2, top: 40, maxCount: 3 } as const;

let loading: Promise<Message> | undefined;

/**
 * antd's message (with its notification engine) is loaded the first time something is said: the sign-in
 * page shows none until a request fails, so it does not weigh on its first load.
 */
export const loadToasts = () =>
  (loading ??= import('antd/es/message').then(({ default: message }) => {
    message.config(TOAST);
    return message;
  }));

/** Static toasts that load on first use; same look and timing as antd's `message`. */
export const toast = {
  error: (text: string) => void loadToasts().then((m) => m.error(text)),
  success: (text: string) => void loadToasts().then((m) => m.success(text)),
  warning: (text: string) => void loadToasts().then((m) => m.warning(text)),
  info: (text: string) => void loadToasts().then((m) => m.info(text)),
};
