import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'risk.duplicateWord': '敏感词“{word}”已存在',
    'risk.blankWord': '敏感词不能为空',
    'risk.badWord': '敏感词“{word}”不能包含换行、逗号或分号',
    'risk.badCategory': '不支持的敏感词分类 {category}，可选: {values}',
    'risk.tooManyWords': '一次最多导入 {limit} 个敏感词',
    'risk.category.politics': '涉政',
    'risk.category.porn': '色情',
    'risk.category.abuse': '辱骂',
    'risk.category.fraud': '诈骗',
    'risk.category.ad': '广告引流',
    'risk.category.gambling': '赌博',
    'risk.category.other': '其他',
  },
  {
    'risk.duplicateWord': 'The sensitive word "{word}" already exists',
    'risk.blankWord': 'The sensitive word cannot be empty',
    'risk.badWord': 'The sensitive word "{word}" cannot contain line breaks, commas or semicolons',
    'risk.badCategory': 'Unsupported sensitive-word category {category}; choose one of: {values}',
    'risk.tooManyWords': 'At most {limit} sensitive words can be imported at once',
    'risk.category.politics': 'Politics',
    'risk.category.porn': 'Pornography',
    'risk.category.abuse': 'Abuse',
    'risk.category.fraud': 'Fraud',
    'risk.category.ad': 'Advertising',
    'risk.category.gambling': 'Gambling',
    'risk.category.other': 'Other',
  },
);
