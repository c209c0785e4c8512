import { describe, expect, it } from 'vitest';
import { buildTree } from './tree.js';

describe('buildTree', () => {
  it('nests children under their parent, sorted by sort then id, and marks which nodes have children', () => {
    const tree = buildTree([
      { id: '3', parentId: '1', sort: 2 },
      { id: '2', parentId: '1', sort: 2 },
      { id: '4', parentId: '1', sort: 1 },
      { id: '1', parentId: '0', sort: 1 },
      { id: '5', parentId: '0', sort: 0 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(['5', '1']);
    expect(tree[0]).toEqual({ id: '5', parentId: '0', sort: 0, hasChildren: false });
    expect(tree[1]!.hasChildren).toBe(true);
    expect((tree[1]!.children as { id: string }[]).map((n) => n.id)).toEqual(['4', '2', '3']);
  });

  it('makes a row whose parent is not among the rows a root (a caller sees a subtree)', () => {
    const tree = buildTree([
      { id: '7', parentId: '6', sort: 1 },
      { id: '8', parentId: '7', sort: 1 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(['7']);
    expect((tree[0]!.children as { id: string }[])[0]!.id).toBe('8');
  });
});
