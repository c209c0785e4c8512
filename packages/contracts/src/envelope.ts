/** The BladeX answer every API call (but the token endpoint) returns. */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** Page shape of every list. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Node of every tree answer: key = value = id; leaves omit children. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}

/** Headers of the BladeX convention. */
export const TOKEN_HEADER = 'Blade-Auth';
export const DEFAULT_TENANT = '000000';
