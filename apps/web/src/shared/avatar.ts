/**
 * Spec §9: avatar initials are the last 2 characters of the nickname (code points, so emoji stay
 * whole). One helper for every avatar: the top bar, the personal page, the lock page and the chat.
 */
export const initials = (nick: string | undefined) =>
  Array.from(nick ?? '')
    .slice(-2)
    .join('');

/**
 * The name others see for a signed-in user, as the chat shows it (its nickname there is the real
 * name): the top bar's avatar takes its initials from the same name it prints beside it.
 */
export const shownName = (u: { real_name?: string; nick_name?: string; account?: string } | undefined) =>
  u?.real_name || u?.nick_name || u?.account || '';
