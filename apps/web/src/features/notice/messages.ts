import { addResources } from '@/shared/i18n';

/** Texts of the notice log. */
addResources('notice', {
  zh: {
    // What a dialog calls a row: 查看通知记录.
    logNoun: '通知记录',
    time: '发送时间',
    channel: '渠道',
    channelOf: { sms: '短信', email: '邮件', site: '站内信' },
    receiver: '接收人',
    template: '模板',
    templateOf: { reset: '找回密码验证码', h5: '客户登录验证码' },
    content: '内容',
    status: '状态',
    sent: '已发送',
    failed: '发送失败',
    error: '失败原因',
  },
  en: {
    logNoun: 'notice log entry',
    time: 'Sent',
    channel: 'Channel',
    channelOf: { sms: 'SMS', email: 'Email', site: 'In-app' },
    receiver: 'Receiver',
    template: 'Template',
    templateOf: { reset: 'Password reset code', h5: 'Customer sign-in code' },
    content: 'Content',
    status: 'Status',
    sent: 'Sent',
    failed: 'Failed',
    error: 'Reason',
  },
});
