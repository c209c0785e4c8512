import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'dept.parentMissing': '上级部门不存在',
    'dept.cycle': '不能把部门移到它自己或它的下级部门之下',
    'dept.hasStaff': '部门下还有 {n} 名员工，请先调走员工',
  },
  {
    'dept.parentMissing': 'The parent department does not exist',
    'dept.cycle': 'A department cannot move under itself or one of its sub-departments',
    'dept.hasStaff': 'The department still has {n} employee(s); move them first',
  },
);
