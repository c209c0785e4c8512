import { addResources } from '@/shared/i18n';

/** Texts of the sales workbench cards (issue 24's wording for en). */
addResources('salesDesk', {
  zh: {
    title: '销售工作台',
    scope: { own: '我的数据', depts: '本部门及下级部门', all: '全部数据' },
    firstResponseOverdue: '首次响应超时',
    firstResponseHint: '新建或已分配超过 {{minutes}} 分钟仍未跟进',
    followUpsOverdue: '我的逾期跟进',
    followUpsToday: '今日跟进',
    nothing: '暂无',
    createdAt: '创建于 {{time}}',
    dueAt: '计划 {{time}}',
    funnel: '本月漏斗（{{month}}）',
    funnelSteps: { inquiries: '询价', quoted: '已报价', won: '成交' },
    stockAge: '库龄',
    bands: { '0-30': '0–30 天', '31-60': '31–60 天', '61-90': '61–90 天', '>90': '90 天以上' },
    vehicles: '辆',
    openInquiry: '打开询价 {{name}}',
  },
  en: {
    title: 'Sales workbench',
    scope: { own: 'My rows', depts: 'My departments', all: 'All rows' },
    firstResponseOverdue: 'Overdue first responses',
    firstResponseHint: 'New or assigned for more than {{minutes}} min without a follow-up',
    followUpsOverdue: 'My overdue follow-ups',
    followUpsToday: "Today's follow-ups",
    nothing: 'Nothing here',
    createdAt: 'Created {{time}}',
    dueAt: 'Due {{time}}',
    funnel: 'Funnel this month ({{month}})',
    funnelSteps: { inquiries: 'Inquiries', quoted: 'Quoted', won: 'Won' },
    stockAge: 'Stock age',
    bands: { '0-30': '0–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '>90': 'Over 90 days' },
    vehicles: 'vehicles',
    openInquiry: 'Open inquiry {{name}}',
  },
});
