import { addResources } from '@/shared/i18n';

/** Texts of the development SMS outbox page. */
addResources('outbox', {
  zh: {
    title: '短信发件箱',
    receiver: '手机号',
    content: '短信内容',
    template: '模板',
    time: '时间',
  },
  en: {
    title: 'SMS outbox',
    receiver: 'Mobile number',
    content: 'Text',
    template: 'Template',
    time: 'Time',
  },
});
