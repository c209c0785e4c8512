import { registerMessages } from '../../platform/i18n.js';

// Offers' own server messages (the calculator's and the state machines' come from the contracts).
registerMessages(
  {
    'sales.offer.validUntilPast': '{field}：有效期不能早于今天',
    'sales.offer.inquiryMissing': '询价不存在（{field}）',
    'sales.offer.inquiryClosed': '{field}：询价已成交、战败或无效，不能再报价',
    'sales.offer.vehicleMissing': '车源不存在（{field}）',
    'sales.offer.vehicleSold': '{field}：车辆已售出，不能报价',
    'sales.offer.modelMissing': '车型不存在（{field}）',
    'sales.offer.notDraft': '只有草稿可以修改；修订报价请新建一个版本',
    'sales.offer.otherInquiry': '{field}：草稿不能换到另一条询价下',
    'sales.offer.managerOnly': '只有部门负责人或管理员可以审批报价',
    'sales.offer.selfApproval': '不能审批自己的报价',
    'sales.offer.expired': '报价已过有效期（{validUntil}）',
    'sales.offer.vehicleTaken': '车辆 {vin} 已被其他报价预订，无法接受此报价',
    'sales.offer.removeNotDraft': '只能删除草稿或已驳回的报价',
    'sales.offer.noCustomerChat': '客户的专属顾问不是报价人，不能通过聊天发送报价',
    'sales.offer.chatOff': '聊天服务未启用，无法发送报价',
    'sales.offer.noticeTitle': '报价审批结果',
    'sales.offer.noticeApproved': '你的报价 v{version}（{model}）已由{by}审批通过。备注：{remark}',
    'sales.offer.noticeRejected': '你的报价 v{version}（{model}）被{by}驳回。备注：{remark}',
  },
  {
    'sales.offer.validUntilPast': '{field}: the validity date cannot be earlier than today',
    'sales.offer.inquiryMissing': 'The inquiry does not exist ({field})',
    'sales.offer.inquiryClosed': '{field}: the inquiry is won, lost or invalid and cannot be quoted again',
    'sales.offer.vehicleMissing': 'The vehicle does not exist ({field})',
    'sales.offer.vehicleSold': '{field}: the vehicle is sold and cannot be offered',
    'sales.offer.modelMissing': 'The model does not exist ({field})',
    'sales.offer.notDraft': 'Only a draft can be changed; to revise an offer, create a new version',
    'sales.offer.otherInquiry': '{field}: a draft cannot move to another inquiry',
    'sales.offer.managerOnly': 'Only a department head or an administrator can approve offers',
    'sales.offer.selfApproval': 'You cannot approve your own offer',
    'sales.offer.expired': 'The offer expired on {validUntil}',
    'sales.offer.vehicleTaken':
      'Vehicle {vin} is already reserved by another offer; this offer cannot be accepted',
    'sales.offer.removeNotDraft': 'Only drafts and rejected offers can be deleted',
    'sales.offer.noCustomerChat':
      "The customer's advisor is not the author of the offer, so it cannot be sent in chat",
    'sales.offer.chatOff': 'Chat is not available, so the offer cannot be sent',
    'sales.offer.noticeTitle': 'Offer decision',
    'sales.offer.noticeApproved': 'Your offer v{version} ({model}) was approved by {by}. Remark: {remark}',
    'sales.offer.noticeRejected': 'Your offer v{version} ({model}) was rejected by {by}. Remark: {remark}',
  },
);
