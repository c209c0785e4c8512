/** Seeded dictionaries: code → [zh name, en name, entries [key, zh, en, remark?]]. */
export type DictSeed = Record<string, [string, string, Array<[string, string, string, string?]>]>;

/** System dictionaries (global). */
export const SYSTEM_DICTS: DictSeed = {
  sex: [
    '性别',
    'Gender',
    [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['3', '保密', 'Hidden'],
    ],
  ],
  yes_no: [
    '是否',
    'Yes or no',
    [
      ['0', '否', 'No'],
      ['1', '是', 'Yes'],
    ],
  ],
  menu_category: [
    '菜单类型',
    'Menu category',
    [
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ],
  ],
  button_func: [
    '按钮功能',
    'Button function',
    [
      ['0', '工具栏', 'Toolbar'],
      ['1', '操作栏', 'Row'],
      ['2', '工具操作栏', 'Toolbar and row'],
    ],
  ],
  flow: [
    '流程路由',
    'Flow routes',
    [
      ['leave', '请假流程', 'Leave process', '/work/process/leave'],
      ['expense', '报销流程', 'Expense process', '/work/process/expense'],
    ],
  ],
  user_status: [
    '账号状态',
    'Account status',
    [
      ['0', '待审核', 'Awaiting approval'],
      ['1', '正常', 'Active'],
      ['2', '停用', 'Disabled'],
    ],
  ],
  status: [
    '状态',
    'Status',
    [
      ['1', '启用', 'Enabled'],
      ['2', '停用', 'Disabled'],
    ],
  ],
  dept_category: [
    '机构类型',
    'Organisation type',
    [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '小组', 'Team'],
    ],
  ],
  region_level: [
    '区划层级',
    'Region level',
    [
      ['1', '省份', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District'],
      ['4', '乡镇', 'Town'],
      ['5', '村委', 'Village'],
    ],
  ],
  notice_category: [
    '通知类型',
    'Notice category',
    [
      ['1', '公告', 'Announcement'],
      ['2', '通知', 'Notice'],
      ['3', '提醒', 'Reminder'],
    ],
  ],
  notice_channel: [
    '通知渠道',
    'Notice channel',
    [
      ['sms', '短信', 'SMS'],
      ['mail', '邮件', 'Mail'],
      ['im', '站内消息', 'In-app message'],
    ],
  ],
  message_type: [
    '消息类型',
    'Message type',
    [
      ['text', '文本', 'Text'],
      ['image', '图片', 'Image'],
      ['voice', '语音', 'Voice'],
      ['file', '文件', 'File'],
      ['emoji', '表情', 'Emoji'],
      ['video', '视频', 'Video'],
      ['location', '位置', 'Location'],
    ],
  ],
  tenant_package: [
    '租户套餐',
    'Tenant package',
    [
      ['basic', '基础版', 'Basic'],
      ['pro', '专业版', 'Professional'],
      ['enterprise', '企业版', 'Enterprise'],
    ],
  ],
};

/** Business dictionaries of the demo tenant. */
export const BIZ_DICTS: DictSeed = {
  car_brand: [
    '汽车品牌',
    'Car brands',
    [
      ['toyota', '丰田', 'Toyota'],
      ['honda', '本田', 'Honda'],
      ['volkswagen', '大众', 'Volkswagen'],
      ['audi', '奥迪', 'Audi'],
      ['byd', '比亚迪', 'BYD'],
      ['geely', '吉利', 'Geely'],
      ['bmw', '宝马', 'BMW'],
      ['benz', '奔驰', 'Mercedes-Benz'],
      ['tesla', '特斯拉', 'Tesla'],
      ['nio', '蔚来', 'NIO'],
      ['li_auto', '理想', 'Li Auto'],
      ['xpeng', '小鹏', 'XPeng'],
    ],
  ],
  customer_source: [
    '客户来源',
    'Customer source',
    [
      ['1', '到店', 'Walk-in'],
      ['2', '电话', 'Phone'],
      ['3', '网络', 'Online'],
      ['4', '转介绍', 'Referral'],
      ['5', '活动', 'Event'],
    ],
  ],
  intention_level: [
    '意向等级',
    'Intention level',
    [
      ['H', '高', 'Hot'],
      ['A', '较高', 'Warm'],
      ['B', '一般', 'Lukewarm'],
      ['C', '低', 'Cold'],
    ],
  ],
  payment_type: [
    '收款类型',
    'Payment type',
    [
      ['1', '定金', 'Deposit'],
      ['2', '全款', 'Full payment'],
      ['3', '尾款', 'Balance'],
      ['4', '退款', 'Refund'],
    ],
  ],
  payment_method: [
    '支付方式',
    'Payment method',
    [
      ['wechat', '微信支付', 'WeChat Pay'],
      ['alipay', '支付宝', 'Alipay'],
      ['card', '银行卡', 'Bank card'],
      ['cash', '现金', 'Cash'],
      ['transfer', '对公转账', 'Bank transfer'],
    ],
  ],
};
