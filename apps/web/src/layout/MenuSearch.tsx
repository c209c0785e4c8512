import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoComplete, Button, Input, List, Modal } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@/shared/menu/types';
import { leaves } from '@/shared/menu/tree';
import { searchMenus, type MenuEntry } from '@/shared/menu/search';
import { pick } from '@/shared/i18n';
import { menuIcon } from './icons';
import { useOpenMenu } from './navigate';

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

/** The search overlay: type, Up/Down to choose, Enter to open, Esc to close. */
export function MenuSearchOverlay({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation();
  const entries = useEntries(nodes);
  const open = useOpenMenu();
  const [visible, setVisible] = useState(false);
  const [text, setText] = useState('');
  const [index, setIndex] = useState(0);
  const found = searchMenus(entries, text);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setVisible(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setVisible(false);
    setText('');
    setIndex(0);
  };
  const go = (e?: MenuEntry) => {
    if (!e) return;
    close();
    open(e.path);
  };

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('nav.searchMenu')}
        title={`${t('nav.searchMenu')} (Ctrl+K)`}
        onClick={() => setVisible(true)}
      />
      <Modal
        open={visible}
        onCancel={close}
        footer={null}
        closable={false}
        keyboard
        destroyOnHidden
        title={t('nav.searchMenu')}
      >
        <Input
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('nav.searchPlaceholder')}
          aria-label={t('nav.searchMenu')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setIndex(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, found.length - 1));
            else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
            else if (e.key === 'Enter') go(found[index]);
            else return;
            e.preventDefault();
          }}
        />
        <List
          style={{ marginTop: 8 }}
          dataSource={found}
          locale={{ emptyText: text ? t('common.empty') : ' ' }}
          renderItem={(e, i) => (
            <List.Item
              role="option"
              aria-selected={i === index}
              onMouseEnter={() => setIndex(i)}
              onClick={() => go(e)}
              style={{
                cursor: 'pointer',
                padding: '8px 12px',
                background: i === index ? 'var(--ant-control-item-bg-active, #e6f4ff)' : undefined,
              }}
            >
              <List.Item.Meta avatar={menuIcon(e.icon)} title={e.label} description={e.path} />
            </List.Item>
          )}
        />
      </Modal>
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
