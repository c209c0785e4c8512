import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'member.nameRequired': '请输入客户姓名',
    'member.phoneExists': '手机号 {phone} 已是本租户的客户',
    'member.notYours': '该客户由其他同事负责，您不能查看或修改',
    'member.assignAdminOnly': '只有管理员可以指定或更换负责人',
    'member.staffInvalid': '负责人必须是本租户在职的员工',
    'member.dictUnknown': '{field} 的取值 {value} 不在字典中',
    'member.assigned': '已将 {n} 位客户分配给 {name}',
    'member.disabled': '您的客户账号已停用，请联系门店',
    'member.signInAgain': '登录已失效，请重新登录',
    'member.leadName': '客户{tail}',
  },
  {
    'member.nameRequired': 'Please enter the customer name',
    'member.phoneExists': 'Mobile number {phone} already belongs to a customer of this tenant',
    'member.notYours': 'This customer is looked after by a colleague; you cannot see or change it',
    'member.assignAdminOnly': 'Only an administrator can choose or change the responsible staff member',
    'member.staffInvalid': 'The responsible staff member must be an active employee of this tenant',
    'member.dictUnknown': '{field}: {value} is not an entry of the dictionary',
    'member.assigned': '{n} customer(s) assigned to {name}',
    'member.disabled': 'Your customer account is disabled; please contact the store',
    'member.signInAgain': 'Your session has ended, please sign in again',
    'member.leadName': 'Customer {tail}',
  },
);
