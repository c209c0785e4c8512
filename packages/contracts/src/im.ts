import { Type, type Static } from 'typebox';

/** The chat profile of a staff member (imPc/imUser). */
export const ImProfile = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  gender: Type.String(),
  department: Type.String(),
});
export type ImProfile = Static<typeof ImProfile>;

/** A colleague in the chat's contact list. */
export const ImFriend = Type.Object({
  id: Type.String(),
  empNo: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  brandNames: Type.Array(Type.String()),
  account: Type.String(),
});
export type ImFriend = Static<typeof ImFriend>;

/** Colleagues grouped by the first letter of their name. */
export const ImFriendList = Type.Record(Type.String(), Type.Array(ImFriend));
export type ImFriendList = Static<typeof ImFriendList>;
