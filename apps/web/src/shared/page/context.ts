import { createContext, useContext } from 'react';

/** What a page knows about its tab: its path, the :params of its menu pattern and its query. */
export interface PageInfo {
  path: string;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
}

export const PageContext = createContext<PageInfo>({ path: '/', params: {}, query: new URLSearchParams() });
export const usePage = () => useContext(PageContext);
