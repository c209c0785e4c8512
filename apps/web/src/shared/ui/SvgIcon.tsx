import { createElement, type ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

const prop = (name: string) =>
  name.startsWith('data-') || name.startsWith('aria-')
    ? name
    : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function draw(node: AbstractNode, key: number, root?: Record<string, string>): ReactElement {
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [prop(k), v]));
  return createElement(
    node.tag,
    { ...attrs, ...root, key },
    node.children?.map((c, i) => draw(c, i)),
  );
}

/**
 * One of antd's icons, drawn from its SVG definition (`@ant-design/icons-svg`) as antd draws it (1em,
 * the text's colour), without antd's icon runtime: for the pages that load before antd (sign-in).
 */
export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span
      role="img"
      aria-hidden="true"
      className={className}
      style={{ display: 'inline-flex', lineHeight: 0 }}
    >
      {draw(node, 0, { width: '1em', height: '1em', fill: 'currentColor' })}
    </span>
  );
}
