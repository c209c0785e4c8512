/** Spec §3 region and zone options: zones shown as "code name" sorted by code; regions loaded by level. */

export interface ZoneNode {
  id: string;
  title: string;
  code?: string;
  children?: ZoneNode[];
}

export interface CascaderOption {
  value: string;
  label: string;
  code?: string;
  isLeaf?: boolean;
  children?: CascaderOption[];
}

/** The zone tree as cascader options, each level sorted by code (the label already reads "code name"). */
export function zoneOptions(nodes: readonly ZoneNode[]): CascaderOption[] {
  return [...nodes]
    .sort((a, b) => (a.code ?? a.title).localeCompare(b.code ?? b.title))
    .map((z) => ({
      value: z.id,
      label: z.title,
      code: z.code,
      ...(z.children?.length ? { children: zoneOptions(z.children) } : {}),
    }));
}

export interface RegionNode {
  code: string;
  name: string;
  regionLevel?: number;
  hasChildren?: boolean;
}

/** Default depth of the area picker (spec §9). */
export const REGION_LEVELS = 3;

/** A region at `depth` (1 = province): a leaf at the configured depth or when nothing lies below. */
export const regionOption = (r: RegionNode, depth: number, levels: number): CascaderOption => ({
  value: r.code,
  label: r.name,
  isLeaf: depth >= levels || r.hasChildren === false,
});

/** Options with `children` put under the option at `path` (a new tree; the old one is left alone). */
export function withChildren(
  options: readonly CascaderOption[],
  path: readonly string[],
  children: CascaderOption[],
): CascaderOption[] {
  const [head, ...rest] = path;
  return options.map((o) => {
    if (o.value !== head) return o;
    if (!rest.length) return { ...o, children, isLeaf: children.length === 0 };
    return { ...o, children: withChildren(o.children ?? [], rest, children) };
  });
}

/** The cascader path of a region code (seeded GB/T 2260): province 2, city 4, district 6 digits. */
export function regionPath(code: string | undefined): string[] {
  if (!code) return [];
  const path: string[] = [];
  for (let len = 2; len <= code.length; len += 2) path.push(code.slice(0, len));
  return path;
}
