import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'zone.duplicateCode': '区域编号 {code} 已存在',
    'zone.cycle': '区域不能以自己为上级',
    'zone.regionTaken': '{region} 已属于区域 {zone}',
    'zone.regionUnknown': '所选行政区划不存在',
  },
  {
    'zone.duplicateCode': 'a zone with code {code} already exists',
    'zone.cycle': 'a zone cannot be its own parent',
    'zone.regionTaken': '{region} already belongs to zone {zone}',
    'zone.regionUnknown': 'a selected region does not exist',
  },
);
