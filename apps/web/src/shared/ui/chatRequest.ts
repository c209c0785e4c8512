/**
 * A page asks the header's chat to open a conversation (features may not import each other: the chat
 * lives in features/im, the pages that want it elsewhere). `userID` is the chat user: a staff account, or
 * a customer's `cust_<id>`.
 */
export const CHAT_REQUEST = 'fc:chat-request';

export interface ChatRequest {
  userID: string;
}

export function requestChat(userID: string) {
  window.dispatchEvent(new CustomEvent<ChatRequest>(CHAT_REQUEST, { detail: { userID } }));
}

/** The chat's side: run `open` for every request; answers the unsubscribe. */
export function onChatRequest(open: (r: ChatRequest) => void): () => void {
  const listener = (e: Event) => open((e as CustomEvent<ChatRequest>).detail);
  window.addEventListener(CHAT_REQUEST, listener);
  return () => window.removeEventListener(CHAT_REQUEST, listener);
}
