import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, List, Modal } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { searchMenus, type MenuEntry } from '@/shared/menu/search';
import { menuIcon } from '@/shared/menu/icons';

/** The search dialog: type, Up/Down to choose, Enter to open, Esc to close. */
export default function MenuSearchDialog({
  open,
  entries,
  onClose,
  onGo,
}: {
  open: boolean;
  entries: MenuEntry[];
  onClose: () => void;
  onGo: (e: MenuEntry) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [index, setIndex] = useState(0);
  const found = searchMenus(entries, text);

  const close = () => {
    onClose();
    setText('');
    setIndex(0);
  };
  const go = (e?: MenuEntry) => {
    if (!e) return;
    setText('');
    setIndex(0);
    onGo(e);
  };

  return (
    <Modal
      open={open}
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
  );
}
