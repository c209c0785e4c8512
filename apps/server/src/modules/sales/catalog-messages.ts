import { registerMessages } from '../../platform/i18n.js';

// The vehicle catalogue's refusals (en in the spec's words, starting with a capital).
registerMessages(
  {
    'sales.catalogDuplicate': '{field} 「{value}」 已存在',
    'sales.catalogParentMissing': '{field}：所选上级不存在或已删除',
    'sales.catalogInUse.brand': '该品牌下还有车系，请先删除车系',
    'sales.catalogInUse.series': '该车系下还有车型，请先删除车型',
    'sales.catalogInUse.model': '该车型已被车源、询价或报价使用，不能删除',
  },
  {
    'sales.catalogDuplicate': '{field} "{value}" already exists',
    'sales.catalogParentMissing': '{field}: the chosen parent does not exist or was removed',
    'sales.catalogInUse.brand': 'This brand still has series; remove them first',
    'sales.catalogInUse.series': 'This series still has models; remove them first',
    'sales.catalogInUse.model':
      'This model is used by stock vehicles, inquiries or offers and cannot be removed',
  },
);
