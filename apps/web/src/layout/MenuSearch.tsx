import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete, Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@/shared/menu/types';
import { leaves } from '@/shared/menu/tree';
import { searchMenus, type MenuEntry } from '@/shared/menu/search';
import { pick } from '@/shared/i18n';
import { useOpenMenu } from '@/shared/menu/navigate';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';

const MenuSearchDialog = lazy(() => import('./MenuSearchDialog'));

function useEntries(nodes: MenuNode[]): MenuEntry[] {
  const { i18n } = useTranslation();
  return useMemo(
    () =>
      leaves(nodes)
        .filter((n) => !n.meta?.hidden && !n.path!.includes(':'))
        .map((n) => ({ code: n.code, path: n.path!, label: pick(n.meta?.i18n, n.name), icon: n.source })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nodes, i18n.language],
  );
}

/** The search overlay: the button, or Ctrl+K (the layout's `useSearchKey`, searchKey.ts), opens it; its dialog loads on first use. */
export function MenuSearchOverlay({
  nodes,
  visible,
  onVisible,
}: {
  nodes: MenuNode[];
  visible: boolean;
  onVisible: (visible: boolean) => void;
}) {
  const { t } = useTranslation();
  const entries = useEntries(nodes);
  const open = useOpenMenu();
  const show = () => onVisible(true);

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('nav.searchMenu')}
        title={`${t('nav.searchMenu')} (Ctrl+K)`}
        onClick={show}
      />
      <OpenedOnce open={visible}>
        <MenuSearchDialog
          open={visible}
          entries={entries}
          onClose={() => onVisible(false)}
          onGo={(e) => {
            onVisible(false);
            open(e.path);
          }}
        />
      </OpenedOnce>
    </>
  );
}

/** The top search box: prefix match, keyboard-driven through the autocomplete list. */
export function TopSearch({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation();
  const entries = useEntries(nodes);
  const open = useOpenMenu();
  const [text, setText] = useState('');
  const options = searchMenus(entries, text).map((e) => ({ value: e.path, label: e.label }));
  return (
    <AutoComplete
      value={text}
      options={options}
      style={{ width: 180 }}
      onSearch={setText}
      onSelect={(path: string) => {
        setText('');
        open(path);
      }}
      placeholder={t('nav.searchPlaceholder')}
      aria-label={t('nav.searchPlaceholder')}
      defaultActiveFirstOption
      allowClear
    />
  );
}
