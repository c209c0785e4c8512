import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dropdown, Tabs, theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '@/shared/notify/confirm';
import { contrast, readableShade } from '@/shared/ui/contrast';
import { closeAll, closeOthers, closeTab, refreshTab, useTabs, type Tab } from './tabs';
import { toast } from '@/shared/http';

/** The tab strip: click to switch, × to close (never the last), right-click anywhere on a tab for its menu. */
export function TabBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { tabs, active } = useTabs();
  const { token } = theme.useToken();
  // The active tab's title in the theme colour, darkened on light backgrounds until it reads (WCAG AA).
  const activeColor =
    contrast(token.colorBgContainer, '#ffffff') > 1.5
      ? undefined
      : readableShade(token.colorPrimary, token.colorBgContainer);

  const label = (tab: Tab) => (i18n.language === 'en' ? tab.label.en : tab.label.zh);
  const contextMenu = (tab: Tab) => ({
    items: [
      { key: 'clear', label: t('tabs.clearCache') },
      { key: 'others', label: t('tabs.closeOthers') },
      { key: 'all', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }: { key: string; domEvent: { stopPropagation: () => void } }) => {
      domEvent.stopPropagation();
      if (key === 'clear') {
        confirm({
          title: t('common.tip'),
          content: t('tabs.clearCacheConfirm'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          onOk: () => {
            queryClient.clear();
            refreshTab(tab.value);
            toast.success(t('tabs.cleared'));
          },
        });
      }
      if (key === 'others') {
        closeOthers(tab.value);
        navigate(tab.value);
      }
      if (key === 'all') navigate(closeAll());
    },
  });

  return (
    <Tabs
      className="fc-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => {
        if (action !== 'remove') return;
        if (tabs.length <= 1) return void toast.warning(t('tabs.lastTab'));
        const next = closeTab(String(key));
        if (next) navigate(next);
      }}
      // The whole tab (its padding and close button too) opens the tab menu, not only its title: a
      // right-click just beside the text would otherwise get the browser's own menu.
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => {
            const tab = tabs.find((x) => x.value === node.key);
            return tab ? (
              <Dropdown key={node.key} trigger={['contextMenu']} menu={contextMenu(tab)}>
                {node}
              </Dropdown>
            ) : (
              node
            );
          }}
        </DefaultTabBar>
      )}
      items={tabs.map((tab) => ({
        key: tab.value,
        closable: tabs.length > 1,
        label: (
          <span
            data-tab={tab.value}
            style={tab.value === active && activeColor ? { color: activeColor } : undefined}
          >
            {label(tab)}
          </span>
        ),
      }))}
    />
  );
}
