import { registerMessages } from '../../platform/i18n.js';

// Messages of the inquiry and user-inquiry slice (the state machine's own are in the shared sales messages).
registerMessages(
  {
    'sales.inquiry.modelRequired': '请选择意向车型（modelId）或填写车型描述（modelText）',
    'sales.inquiry.noSuchModel': '所选车型不存在',
    'sales.inquiry.noSuchSalesperson': '所选销售人员不存在或已停用',
    'sales.inquiry.noOnlineSales': '没有可分配的网销专员',
    'sales.inquiry.closed': '询价已关闭，不能再分配或转交',
    'sales.inquiry.notAssigned': '询价尚未分配，请先分配',
    'sales.inquiry.sameOwner': '询价已属于该销售人员',
    'sales.inquiry.nextBeforeFollow': '下次跟进时间须晚于本次跟进时间',
    'sales.userInquiry.claimed': '认领成功，已生成询价',
    'sales.userInquiry.submitted': '提交成功，顾问将尽快与您联系',
  },
  {
    'sales.inquiry.modelRequired': 'Choose the intended model (modelId) or describe it (modelText)',
    'sales.inquiry.noSuchModel': 'The chosen model does not exist',
    'sales.inquiry.noSuchSalesperson': 'The chosen salesperson does not exist or is disabled',
    'sales.inquiry.noOnlineSales': 'There is no online-sales colleague to assign to',
    'sales.inquiry.closed': 'The inquiry is closed; it can no longer be assigned or transferred',
    'sales.inquiry.notAssigned': 'The inquiry is not assigned yet; assign it first',
    'sales.inquiry.sameOwner': 'The inquiry already belongs to this salesperson',
    'sales.inquiry.nextBeforeFollow': 'The next follow-up must be later than this one',
    'sales.userInquiry.claimed': 'Claimed; the inquiry is yours',
    'sales.userInquiry.submitted': 'Sent; an adviser will contact you soon',
  },
);
