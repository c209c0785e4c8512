import type { RoleAlias } from '../system/index.js';

/**
 * The menus of the product: every route of spec §2 and the console pages, with their buttons and the
 * roles that get them. The seed writes this tree; codes are the keys (stable across environments, which
 * is what menu sync compares).
 */
export interface MenuSeed {
  code: string;
  zh: string;
  en: string;
  path?: string;
  icon?: string;
  /** Roles granted this menu (administrator always has everything). Children inherit unless they say. */
  roles?: RoleAlias[];
  hidden?: boolean;
  notTab?: boolean;
  keepAlive?: boolean;
  children?: MenuSeed[];
  /** Buttons: [suffix or full code, zh, en, roles?]. A suffix starting with _ is appended to the page code. */
  buttons?: Array<[string, string, string, RoleAlias[]?]>;
}

const CRUD: Array<[string, string, string]> = [
  ['_add', '新增', 'Add'],
  ['_edit', '修改', 'Edit'],
  ['_delete', '删除', 'Delete'],
  ['_view', '查看', 'View'],
];

const STAFF: RoleAlias[] = ['admin', 'sales', 'resource', 'online_sales'];
const ALL: RoleAlias[] = ['admin', 'sales', 'resource', 'online_sales', 'finance', 'user'];
const page = (
  code: string,
  zh: string,
  en: string,
  path: string,
  icon: string,
  extra: Partial<MenuSeed> = {},
): MenuSeed => ({
  code,
  zh,
  en,
  path,
  icon,
  buttons: CRUD,
  ...extra,
});

export const MENU_CATALOG: MenuSeed[] = [
  {
    code: 'desk',
    zh: '工作台',
    en: 'Workbench',
    path: '/wel',
    icon: 'HomeOutlined',
    roles: ALL,
    children: [
      {
        code: 'wel_index',
        zh: '工作台',
        en: 'Workbench',
        path: '/wel/index',
        icon: 'DesktopOutlined',
        keepAlive: true,
        buttons: [
          ['chat_tim', '即时通讯', 'Instant messaging', STAFF],
          // wave 2, sales-desk: the sales workbench's figures (resource staff for the stock's age)
          ['sales_desk', '销售工作台', 'Sales workbench', ['admin', 'sales', 'online_sales', 'resource']],
          // The finance card: today's money and what is still to come in.
          ['finance_desk', '财务工作台', 'Finance workbench', ['admin', 'finance']],
        ],
      },
      {
        code: 'wel_dashboard',
        zh: '仪表盘',
        en: 'Dashboard',
        path: '/wel/dashboard',
        icon: 'DashboardOutlined',
        hidden: true,
      },
      { code: 'info', zh: '个人信息', en: 'Personal info', path: '/info/index', icon: 'UserOutlined' },
      {
        code: 'test',
        zh: '测试页',
        en: 'Test page',
        path: '/test/index',
        icon: 'ExperimentOutlined',
        roles: ['admin'],
      },
      // The developer's sample of the micro-app host, beside the test page (staff see it, as before).
      {
        code: 'micro_demo',
        zh: '示例微应用',
        en: 'Sample micro-app',
        path: '/qiankun/micro/demo',
        icon: 'AppstoreOutlined',
        roles: STAFF,
      },
      {
        code: 'help_link',
        zh: '帮助文档',
        en: 'Help',
        path: 'https://ant.design/docs/react/introduce-cn',
        icon: 'QuestionCircleOutlined',
      },
    ],
  },
  {
    code: 'sales_area',
    zh: '销售业务',
    en: 'Sales',
    path: '/fc',
    icon: 'CarOutlined',
    roles: ['admin'],
    children: [
      // wave 2, sales-stock: resource staff edit stock, sales only search it; the catalogue is read by all staff.
      page('resource', '车源资源', 'Resources', '/fc/resource/index', 'DatabaseOutlined', {
        roles: ['admin', 'resource', 'sales', 'online_sales'],
        buttons: [
          ['_add', '新增', 'Add', ['admin', 'resource']],
          ['_edit', '修改', 'Edit', ['admin', 'resource']],
          ['_delete', '删除', 'Delete', ['admin', 'resource']],
          ['_view', '查看', 'View'],
          ['_import', '导入', 'Import', ['admin', 'resource']],
          ['_release', '释放预订', 'Release', ['admin', 'resource']],
        ],
      }),
      page('catalog', '车型目录', 'Vehicle catalogue', '/fc/catalog/index', 'CarOutlined', {
        roles: STAFF,
        buttons: [
          ['_add', '新增', 'Add', ['admin', 'resource']],
          ['_edit', '修改', 'Edit', ['admin', 'resource']],
          ['_delete', '删除', 'Delete', ['admin', 'resource']],
          ['_view', '查看', 'View'],
        ],
      }),
      page('inquiry', '询价管理', 'Inquiries', '/fc/inquiry/index', 'FileSearchOutlined', {
        roles: ['admin', 'sales', 'online_sales', 'resource'],
        // sales-inquiry: assignment is a manager's (admin, or a head role the tenant grants it to).
        buttons: [
          ...CRUD,
          ['_assign', '分配', 'Assign', ['admin']],
          ['_transfer', '转交', 'Transfer', ['admin', 'sales', 'online_sales']],
          ['_follow', '跟进', 'Follow up', ['admin', 'sales', 'online_sales']],
          ['_close', '关闭', 'Close', ['admin', 'sales', 'online_sales']],
          ['_export', '导出', 'Export', ['admin', 'sales', 'online_sales']],
        ],
      }),
      page('user_inquiry', '用户询价', 'User inquiries', '/fc/userInquiry/index', 'SolutionOutlined', {
        roles: ['admin', 'sales', 'online_sales'],
        // sales-inquiry: the pool is claimed by online-sales staff.
        buttons: [
          ['_view', '查看', 'View'],
          ['_claim', '认领', 'Claim', ['admin', 'online_sales']],
          ['_delete', '删除', 'Delete', ['admin']],
          ['_export', '导出', 'Export', ['admin', 'sales', 'online_sales']],
        ],
      }),
      page('offer', '报价管理', 'Offers', '/fc/offer/index', 'FileDoneOutlined', {
        roles: ['admin', 'sales', 'online_sales'],
        // sales-offer: approval is the managers' (a tenant grants it to its department-head roles too).
        buttons: [
          ...CRUD,
          ['_send', '发送报价', 'Send offer'],
          ['_approve', '审批报价', 'Approve offer', ['admin']],
        ],
      }),
      page('order', '财务收款', 'Finance receipts', '/fc/order/index', 'AccountBookOutlined', {
        roles: ['admin', 'sales', 'finance'],
        // Salespeople follow their own orders' money; taking and returning it is finance's.
        buttons: [
          ['_view', '查看', 'View'],
          ['_receive', '收款', 'Receive', ['admin', 'finance']],
          ['_refund', '退款', 'Refund', ['admin', 'finance']],
          ['_cancel', '取消订单', 'Cancel order', ['admin', 'finance']],
        ],
      }),
      page('trade', '支付流水', 'Payment transactions', '/fc/trade/index', 'TransactionOutlined', {
        roles: ['admin', 'sales', 'finance'],
        buttons: [['_view', '查看', 'View']],
      }),
      page('red_packet', '红包管理', 'Red packets', '/fc/redPacket/index', 'RedEnvelopeOutlined', {
        roles: ['admin', 'sales', 'online_sales', 'finance'],
        // Salespeople apply, managers decide, finance pays.
        buttons: [
          ['_view', '查看', 'View'],
          ['_add', '申请红包', 'Apply', ['admin', 'sales', 'online_sales']],
          ['_approve', '审批红包', 'Approve', ['admin']],
          ['_pay', '发放红包', 'Pay', ['admin', 'finance']],
        ],
      }),
    ],
  },
  {
    code: 'score_area',
    zh: '积分商城',
    en: 'Points',
    path: '/fc/score',
    icon: 'GiftOutlined',
    roles: ['admin'],
    children: [
      // Points (docs/points.md): sales hand out and exchange customers' points; rules and stores' are the admin's.
      page('score_goods', '积分商品', 'Points goods', '/fc/score/goods', 'ShoppingOutlined', {
        roles: ['admin', 'sales'],
        buttons: [
          ['_add', '新增', 'Add', ['admin']],
          ['_edit', '修改', 'Edit', ['admin']],
          ['_delete', '删除', 'Delete', ['admin']],
          ['_view', '查看', 'View'],
        ],
      }),
      page('score_records', '积分记录', 'Points records', '/fc/score/records', 'HistoryOutlined', {
        roles: ['admin', 'sales'],
        buttons: [
          ['_view', '查看', 'View'],
          ['_adjust', '积分调整', 'Adjust points', ['admin', 'sales']],
        ],
      }),
      page(
        'score_records_tob',
        '商户积分记录',
        'Business points records',
        '/fc/score/recordsToB',
        'ShopOutlined',
        {
          roles: ['admin'],
          buttons: [
            ['_view', '查看', 'View'],
            ['_adjust', '积分调整', 'Adjust points'],
          ],
        },
      ),
      page('score_exchange', '积分兑换', 'Points exchange', '/fc/score/exchange', 'SwapOutlined', {
        roles: ['admin', 'sales'],
        buttons: [
          ['_view', '查看', 'View'],
          ['_add', '新增兑换', 'New exchange', ['admin', 'sales']],
          ['_deliver', '发放', 'Deliver', ['admin', 'sales']],
          ['_cancel', '取消兑换', 'Cancel exchange', ['admin']],
        ],
      }),
      page('score_rules', '积分规则', 'Points rules', '/fc/score/rules', 'ProfileOutlined', {
        roles: ['admin'],
      }),
      page('coupon_records', '优惠券记录', 'Coupon records', '/fc/coupon/records', 'TagsOutlined', {
        roles: ['admin', 'sales', 'online_sales'],
        buttons: [
          ['_view', '查看', 'View'],
          ['_add', '发放优惠券', 'Issue coupons', ['admin', 'sales', 'online_sales']],
          ['_use', '核销', 'Redeem', ['admin', 'sales']],
          ['_void', '作废', 'Void', ['admin']],
        ],
      }),
    ],
  },
  {
    code: 'customer_area',
    zh: '客户运营',
    en: 'Customers',
    path: '/member',
    icon: 'TeamOutlined',
    roles: ['admin', 'sales', 'resource', 'online_sales'],
    children: [
      page('member', '客户列表', 'Customers', '/member/index', 'IdcardOutlined', {
        buttons: [...CRUD, ['_assign', '分配负责人', 'Assign', ['admin']]],
      }),
      page('ground', '门店管理', 'Ground stores', '/base/ground', 'EnvironmentOutlined', {
        roles: ['admin'],
      }),
      page(
        'publish_list',
        '栏目内容发布',
        'Column content',
        '/store/publish/PublishList',
        'NotificationOutlined',
        { roles: ['admin', 'online_sales'], buttons: [...CRUD, ['_publish', '发布', 'Publish']] },
      ),
      page('column', '栏目管理', 'Columns', '/store/column/column', 'AppstoreOutlined', { roles: ['admin'] }),
      {
        code: 'content_detail',
        zh: '内容详情',
        en: 'Content detail',
        path: '/store/publish/ContentDetail',
        icon: 'FileTextOutlined',
        hidden: true,
        roles: ['admin', 'online_sales'],
      },
    ],
  },
  {
    code: 'system_area',
    zh: '系统管理',
    en: 'System',
    path: '/system',
    icon: 'SettingOutlined',
    roles: ['admin'],
    children: [
      page('user', '用户管理', 'Users', '/system/user', 'UserOutlined', {
        buttons: [
          ...CRUD,
          ['_reset', '重置密码', 'Reset password'],
          ['_approve', '审核', 'Approve'],
          ['_unlock', '解锁', 'Unlock'],
        ],
      }),
      page('dept', '部门管理', 'Departments', '/system/dept', 'ApartmentOutlined'),
      page('role', '角色管理', 'Roles', '/system/role', 'SafetyOutlined', {
        buttons: [...CRUD, ['_grant', '权限设置', 'Grant']],
      }),
      page('menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined', {
        buttons: [
          ...CRUD,
          ['_sync', '菜单同步', 'Menu sync'],
          ['_top', '顶部菜单', 'Top menus'],
          // Emptying every node's permission and client caches: the administrators' alone.
          ['cache_clear', '清除缓存', 'Clear cache', []],
        ],
      }),
      page('tenant', '租户管理', 'Tenants', '/system/tenant', 'ClusterOutlined', {
        buttons: [...CRUD, ['_setting', '租户配置', 'Settings'], ['_datasource', '数据源', 'Data source']],
      }),
      page('dict', '系统字典', 'System dictionary', '/system/dict', 'BookOutlined'),
      page('dict_biz', '业务字典', 'Business dictionary', '/system/dictbiz', 'ReadOutlined', {
        buttons: [...CRUD, ['_refresh', '刷新缓存', 'Refresh']],
      }),
      {
        code: 'dict_horizontal',
        zh: '字典管理(横向)',
        en: 'Dictionaries (horizontal)',
        path: '/dict-horizontal/index',
        icon: 'ColumnWidthOutlined',
      },
      {
        code: 'dict_vertical',
        zh: '字典管理(纵向)',
        en: 'Dictionaries (vertical)',
        path: '/dict-vertical/index',
        icon: 'ColumnHeightOutlined',
      },
      page('region', '行政区划', 'Regions', '/system/region', 'GlobalOutlined'),
      page('zone', '区域管理', 'Zones', '/system/zone', 'PartitionOutlined'),
      page('param', '参数管理', 'Parameters', '/system/param', 'ControlOutlined'),
      page('attach', '附件管理', 'Attachments', '/system/attach', 'PaperClipOutlined'),
      page('text_filter', '敏感词过滤', 'Sensitive-word filter', '/text-filter/index', 'FilterOutlined'),
      page('risk_diary', '风险日志', 'Risk diary', '/system/risk_diary', 'AlertOutlined'),
    ],
  },
  {
    code: 'monitor_area',
    zh: '监控运维',
    en: 'Monitoring',
    path: '/monitor',
    icon: 'MonitorOutlined',
    roles: ['admin'],
    children: [
      page('dmt_log', '日志监控', 'Logs', '/monitor/dmt/log', 'FileTextOutlined'),
      // The queue's pages show its tables (docs/mq.md): read-only but for redelivery and the relations' switches.
      page(
        'mq_confirm',
        '消息确认',
        'Message confirmations',
        '/monitor/dmt/mq_confirm',
        'CheckCircleOutlined',
        { buttons: [['_view', '查看', 'View']] },
      ),
      page('mq_message', '消息队列', 'Message queue', '/monitor/dmt/mq_message', 'InboxOutlined', {
        buttons: [
          ['_view', '查看', 'View'],
          ['_retry', '重新投递', 'Redeliver'],
        ],
      }),
      page('mq_message_data', '消息数据', 'Message data', '/monitor/dmt/mq_message_data', 'CodeOutlined', {
        buttons: [['_view', '查看', 'View']],
      }),
      page('mq_relation', '消息关系', 'Message relations', '/monitor/dmt/mq_relation', 'NodeIndexOutlined', {
        buttons: [
          ['_view', '查看', 'View'],
          ['_edit', '修改', 'Edit'],
        ],
      }),
      page(
        'notice_template',
        '通知模板',
        'Notice templates',
        '/monitor/notice/notice_template',
        'MailOutlined',
      ),
      page('notice_log', '通知日志', 'Notice logs', '/monitor/notice/notice_log', 'HistoryOutlined'),
      // Texts of a server without an SMS gateway (codes included): the platform administrator's only.
      page('sms_outbox', '短信发件箱', 'SMS outbox', '/monitor/notice/sms_outbox', 'MailOutlined', {
        roles: ['administrator'],
        buttons: [],
      }),
    ],
  },
  {
    code: 'work_area',
    zh: '流程办公',
    en: 'Workflow',
    path: '/work',
    icon: 'AuditOutlined',
    roles: STAFF,
    children: [
      {
        code: 'leave_form',
        zh: '请假申请',
        en: 'Leave request',
        path: '/work/process/leave/form/:processDefinitionId',
        icon: 'FormOutlined',
        hidden: true,
      },
      {
        code: 'leave_handle',
        zh: '请假审批',
        en: 'Handle leave',
        path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
        icon: 'CheckSquareOutlined',
        hidden: true,
      },
      {
        code: 'leave_detail',
        zh: '请假详情',
        en: 'Leave detail',
        path: '/work/process/leave/detail/:processInstanceId/:businessId',
        icon: 'FileSearchOutlined',
        hidden: true,
      },
      {
        code: 'micro_host',
        zh: '微应用',
        en: 'Micro-apps',
        path: '/qiankun/micro',
        icon: 'AppstoreAddOutlined',
        hidden: true,
      },
      {
        code: 'iframe_host',
        zh: '内嵌页面',
        en: 'Embedded page',
        path: '/myiframe/:routerPath',
        icon: 'GlobalOutlined',
        hidden: true,
        notTab: false,
      },
    ],
  },
];

/** Top menus (the top bar's first level): code, zh, en, icon, root menu codes. */
export const TOP_MENUS: Array<[string, string, string, string, string[]]> = [
  ['top_desk', '工作台', 'Workbench', 'HomeOutlined', ['desk', 'work_area']],
  ['top_sales', '销售业务', 'Sales', 'CarOutlined', ['sales_area', 'score_area', 'customer_area']],
  ['top_system', '系统管理', 'System', 'SettingOutlined', ['system_area', 'monitor_area']],
];
