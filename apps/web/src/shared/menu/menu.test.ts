import { describe, expect, it } from 'vitest';
import { screenTier } from '../hooks/screen';
import { searchMenus } from './search';
import { flattenButtons, pathKind, visibleTo } from './tree';
import type { MenuNode } from './types';

const node = (code: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  alias: code,
  path: `/${code}`,
  source: null,
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  meta: null,
  ...extra,
});

describe('menus in the shell', () => {
  it('matches menu names by prefix, case-insensitive', () => {
    const entries = [
      { code: 'a', path: '/a', label: 'Users' },
      { code: 'b', path: '/b', label: 'User inquiries' },
      { code: 'c', path: '/c', label: 'Super users' },
    ];
    expect(searchMenus(entries, 'user').map((e) => e.code)).toEqual(['a', 'b']);
    expect(searchMenus(entries, '  USERS ').map((e) => e.code)).toEqual(['a']);
    expect(searchMenus(entries, '')).toEqual([]);
  });

  it('shows items with meta.roles only to those roles', () => {
    const tree = [
      node('a'),
      node('b', { meta: { roles: ['admin'] } }),
      node('c', { children: [node('d', { meta: { roles: ['sales'] } })] }),
    ];
    expect(visibleTo(tree, ['sales']).map((n) => n.code)).toEqual(['a', 'c']);
    expect(visibleTo(tree, ['sales'])[1]!.children!.map((n) => n.code)).toEqual(['d']);
    expect(visibleTo(tree, ['admin']).map((n) => n.code)).toEqual(['a', 'b', 'c']);
  });

  it('flattens the button groups to code → true', () => {
    expect(
      flattenButtons([
        { code: 'user', children: [{ code: 'user_add' }, { code: 'user_edit' }] },
        { code: 'desk', children: [{ code: 'chat_tim' }] },
      ]),
    ).toEqual({
      user_add: true,
      user_edit: true,
      chat_tim: true,
    });
  });

  it('opens http(s) in a new tab, the configured prefixes outside, anything else as a tab', () => {
    expect(pathKind('https://ant.design', [], undefined)).toBe('newTab');
    expect(pathKind('http://x', [], undefined)).toBe('newTab');
    expect(pathKind('https://crm.example.com/a', ['https://crm.example.com'], undefined)).toBe('external');
    expect(pathKind('https://bi.example.com/r', [], 'https://bi.example.com')).toBe('report');
    expect(pathKind('/system/user', ['https://crm.example.com'], 'https://bi.example.com')).toBe('tab');
  });

  it('maps widths to the screen tiers', () => {
    expect([1440, 1200, 1199, 992, 991, 768, 767, 375].map(screenTier)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});
