import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'zone.duplicateCode': '区域编号 {code} 已存在',
    'zone.cycle': '区域不能以自己为上级',
    'zone.regionTaken': '{region} 已属于区域 {zone}',
    'zone.regionUnknown': '所选行政区划不存在',
    'region.platformOnly': '行政区划是平台数据，只有平台管理员可以修改',
    'region.nameRequired': '请输入区划名称',
    'region.duplicateCode': '区划编号 {code} 已存在',
    'region.parentUnknown': '上级区划 {code} 不存在',
    'region.tooDeep': '区划最多五级（省、市、区县、乡镇、村）',
    'region.codeShape': '区划编号应为 {length} 位数字，并以上级编号 {parent} 开头',
    'region.hasChildren': '请先删除下级区划',
    'region.inZone': '该区划已划入区域，请先从区域中移除',
  },
  {
    'zone.duplicateCode': 'A zone with code {code} already exists',
    'zone.cycle': 'A zone cannot be its own parent',
    'zone.regionTaken': '{region} already belongs to zone {zone}',
    'zone.regionUnknown': 'A selected region does not exist',
    'region.platformOnly': 'Regions are platform data: only the platform administrator may change them',
    'region.nameRequired': 'Please enter the region name',
    'region.duplicateCode': 'A region with code {code} already exists',
    'region.parentUnknown': 'The parent region {code} does not exist',
    'region.tooDeep': 'Regions go five levels deep at most (province, city, district, town, village)',
    'region.codeShape': 'The region code must be {length} digits starting with the parent code {parent}',
    'region.hasChildren': 'Please remove the sub-regions first',
    'region.inZone': 'This region belongs to a zone; take it out of the zone first',
  },
);
