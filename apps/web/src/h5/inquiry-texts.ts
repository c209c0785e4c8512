import { i18n } from './i18n';

/** Texts of the customers' inquiry form (sales-inquiry); the mobile page's own bundle, added to. */
export const inquiryTexts = {
  zh: {
    inquiry: {
      open: '我要询价',
      back: '返回',
      title: '填写询价',
      hint: '留下您的意向车型和联系方式，顾问会尽快联系您',
      name: '姓名',
      namePlaceholder: '怎么称呼您',
      nameRequired: '请输入姓名',
      model: '意向车型',
      modelPlaceholder: '请选择车型',
      modelText: '其他车型',
      modelTextPlaceholder: '车型库中没有？请描述',
      modelRequired: '请选择车型或填写车型描述',
      city: '所在城市',
      cityPlaceholder: '请选择城市',
      cityRequired: '请选择城市',
      submit: '提交询价',
      done: '提交成功，顾问将尽快与您联系',
      again: '再填一份',
    },
  },
  en: {
    inquiry: {
      open: 'Ask for a quote',
      back: 'Back',
      title: 'Ask for a quote',
      hint: 'Tell us the model you want and how to reach you; an adviser will contact you soon',
      name: 'Name',
      namePlaceholder: 'Your name',
      nameRequired: 'Enter your name',
      model: 'Model',
      modelPlaceholder: 'Choose a model',
      modelText: 'Other model',
      modelTextPlaceholder: 'Not in the list? Describe it',
      modelRequired: 'Choose a model or describe it',
      city: 'City',
      cityPlaceholder: 'Choose a city',
      cityRequired: 'Choose a city',
      submit: 'Send',
      done: 'Sent; an adviser will contact you soon',
      again: 'Send another',
    },
  },
};
i18n.addResourceBundle('zh', 'translation', inquiryTexts.zh, true, true);
i18n.addResourceBundle('en', 'translation', inquiryTexts.en, true, true);
