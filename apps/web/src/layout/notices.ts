import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';

/** A notice of the caller's tenant with the caller's read state (GET /api/blade-desk/notice/mine). */
export interface MyNotice {
  id: string;
  title: string;
  content: string;
  category: number;
  publishTime: string;
  read: boolean;
}

export interface MyNoticePage {
  records: MyNotice[];
  total: number;
  size: number;
  current: number;
  pages: number;
  unread: number;
}

/** The bell pages five at a time. */
export const NOTICE_PAGE_SIZE = 5;
export const NOTICES_KEY = ['notices'] as const;

export const fetchMyNotices = (current: number, size = NOTICE_PAGE_SIZE) =>
  http.get<MyNoticePage>('/api/blade-desk/notice/mine', { params: { current, size } });

/** The caller's unread notices, for the bell's badge. */
export const useUnreadNotices = () =>
  useQuery({
    queryKey: [...NOTICES_KEY, 'unread'],
    queryFn: async () => (await fetchMyNotices(1, 1)).unread,
  });

/** Marks notices read; the bell, its list and the workbench's unread count follow. */
export function useMarkNoticesRead() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => http.post<number>('/api/blade-desk/notice/read', { ids }),
    onSuccess: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: NOTICES_KEY }),
        queries.invalidateQueries({ queryKey: ['workbench'] }),
      ]),
  });
}

/** A system message of the caller's chat (group notices), GET /api/blade-desk/notice/system. */
export interface SystemMessage {
  id: string;
  text: string;
  time: string;
  read: boolean;
}

export type SystemMessagePage = Omit<MyNoticePage, 'records'> & { records: SystemMessage[] };

export const SYSTEM_MESSAGES_KEY = [...NOTICES_KEY, 'system'] as const;

export const fetchSystemMessages = (current: number, size = NOTICE_PAGE_SIZE) =>
  http.get<SystemMessagePage>('/api/blade-desk/notice/system', { params: { current, size } });

/** The caller's unread system messages, for the bell's badge (read in the chat's system conversation). */
export const useUnreadSystemMessages = () =>
  useQuery({
    queryKey: [...SYSTEM_MESSAGES_KEY, 'unread'],
    queryFn: async () => (await fetchSystemMessages(1, 1)).unread,
  });
