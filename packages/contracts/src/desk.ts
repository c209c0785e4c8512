import { Type, type Static } from 'typebox';
import { Nullable, PageOf } from './common.js';

/** A notice of the caller's tenant, with whether the caller has read it. */
export const Notice = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  category: Type.Integer(),
  publishTime: Type.String(),
  read: Type.Boolean(),
});
export type Notice = Static<typeof Notice>;

/**
 * Unread notices are counted up to UNREAD_CAP: a count of UNREAD_CAP means "more than UNREAD_CAP − 1", and
 * the shell shows it as "99+" (antd's Badge overflow). Counting further would check every notice of the
 * tenant against the caller's read marks on each bell refresh.
 */
export const UNREAD_CAP = 100;

/** A page of notices and how many the caller has not read (up to UNREAD_CAP). */
export const NoticePage = Type.Intersect([
  PageOf(Notice),
  Type.Object({ unread: Type.Integer({ minimum: 0, maximum: UNREAD_CAP }) }),
]);
export type NoticePage = Static<typeof NoticePage>;

/** A message of the system inbox (chat's system account), shown with the notices. */
export const SystemNotice = Type.Object({
  id: Type.String(),
  text: Type.String(),
  time: Type.String(),
  read: Type.Boolean(),
});
export const SystemNoticePage = Type.Intersect([
  PageOf(SystemNotice),
  Type.Object({ unread: Type.Integer() }),
]);
export type SystemNoticePage = Static<typeof SystemNoticePage>;

/** The workbench: the caller's pending items (null: not an approver) and the latest notices. */
export const Workbench = Type.Object({
  pendingApprovals: Nullable(Type.Integer()),
  /** Up to UNREAD_CAP. */
  unreadNotices: Type.Integer({ minimum: 0, maximum: UNREAD_CAP }),
  notices: Type.Array(Type.Omit(Notice, ['read'])),
});
export type Workbench = Static<typeof Workbench>;

const Series = Type.Array(Type.Object({ name: Type.String(), value: Type.Integer() }));
/** Figures of the caller's tenant for the dashboard's charts. */
export const Dashboard = Type.Object({
  staffByRole: Series,
  signIns: Type.Array(Type.Object({ day: Type.String(), value: Type.Integer() })),
  deptHeadcount: Series,
  menusByArea: Series,
});
export type Dashboard = Static<typeof Dashboard>;
