import { addResources } from '@/shared/i18n';

/** Texts of Base data → the ground stores (showrooms). */
addResources('groundPage', {
  zh: {
    // What a dialog calls a row: 新增门店.
    noun: '门店',
    name: '门店名称',
    code: '门店编号',
    codePattern: '门店编号只能包含字母、数字、- 和 _，最多 32 位',
    zone: '所属区域',
    address: '地址',
    phone: '联系电话',
    phonePattern: '请输入正确的联系电话',
    manager: '店长',
    businessHours: '营业时间',
    businessHoursHelp: '例如 09:00-18:00',
    status: '状态',
    statusOf: { 1: '营业中', 0: '已停业' },
    sort: '排序',
    remark: '备注',
  },
  en: {
    noun: 'store',
    name: 'Store name',
    code: 'Store code',
    codePattern: 'The store code may only hold letters, digits, - and _ (at most 32)',
    zone: 'Zone',
    address: 'Address',
    phone: 'Phone',
    phonePattern: 'Please enter a valid phone number',
    manager: 'Manager',
    businessHours: 'Business hours',
    businessHoursHelp: 'e.g. 09:00-18:00',
    status: 'Status',
    statusOf: { 1: 'Open', 0: 'Closed' },
    sort: 'Sort',
    remark: 'Remark',
  },
});
