import { registerMessages } from '../../platform/i18n.js';

// Orders' and trades' own server messages (the state machine's and the amounts' come from the contracts).
registerMessages(
  {
    'sales.order.notOpen': '订单已收清或已取消，不能再收款',
    'sales.order.refundNotPartial': '只有部分收款的订单可以退款：已收清的订单车辆已售出',
    'sales.order.vehicleTaken': '车辆 {vin} 已被其他报价预订或售出，不能为此订单收款',
    'sales.order.vehicleHeld': '车辆已由收过款的订单保留，须先退款并取消订单才能释放',
    'sales.redPacket.amount': '{field}：红包金额须在 0.01 到 {max} 元之间，最多 2 位小数',
    'sales.redPacket.customerMissing': '{field}：客户不存在',
    'sales.redPacket.reason': '{field}：驳回必须填写原因',
    'sales.redPacket.selfApproval': '不能审批自己申请的红包',
    'sales.redPacket.moved': '红包 {no} 的状态已变化，请刷新后再试',
    'sales.trade.amountZero': '{field}：金额必须大于 0',
    'sales.trade.overOutstanding': '收款金额不能超过待收金额 ¥{outstanding}',
    'sales.trade.overReceived': '退款金额不能超过已收金额 ¥{received}',
    'sales.trade.noLoan': '{field}：此订单没有贷款方案，不能登记贷款放款',
    'sales.trade.overLoan': '贷款放款不能超过剩余贷款额 ¥{left}',
    'sales.trade.overLoanReceived': '贷款退回不能超过已放款 ¥{loanReceived}',
    'sales.trade.paidAtFuture': '{field}：付款时间不能晚于现在',
    'sales.trade.referenceRequired': '{field}：除现金外，必须填写交易流水号',
    'sales.trade.reasonRequired': '{field}：退款必须填写原因',
    'sales.trade.duplicateReference': '流水号 {reference} 已登记过，同一笔款不能重复登记',
  },
  {
    'sales.order.notOpen': 'The order is paid or cancelled and cannot receive money',
    'sales.order.refundNotPartial':
      'Only a partly paid order can be refunded: the vehicle of a paid order is sold',
    'sales.order.vehicleTaken':
      'Vehicle {vin} is reserved by another offer or sold, so no money can be taken for this order',
    'sales.order.vehicleHeld':
      'The vehicle is held by an order that has taken money: refund and cancel the order to release it',
    'sales.redPacket.amount': '{field}: a red packet carries 0.01 to {max} yuan, with at most 2 decimals',
    'sales.redPacket.customerMissing': '{field}: the customer does not exist',
    'sales.redPacket.reason': '{field}: a rejection needs a reason',
    'sales.redPacket.selfApproval': 'You cannot approve your own red packet',
    'sales.redPacket.moved': 'Red packet {no} has changed meanwhile; refresh and try again',
    'sales.trade.amountZero': '{field}: the amount must be greater than 0',
    'sales.trade.overOutstanding': 'The receipt cannot exceed the outstanding amount ¥{outstanding}',
    'sales.trade.overReceived': 'The refund cannot exceed the amount received ¥{received}',
    'sales.trade.noLoan': '{field}: this order has no finance plan, so no loan disbursement can be recorded',
    'sales.trade.overLoan': 'The loan disbursement cannot exceed the loan left ¥{left}',
    'sales.trade.overLoanReceived': 'The loan returned cannot exceed the loan disbursed ¥{loanReceived}',
    'sales.trade.paidAtFuture': '{field}: the payment time cannot be later than now',
    'sales.trade.referenceRequired': '{field}: a serial number is required for every method but cash',
    'sales.trade.reasonRequired': '{field}: a refund needs a reason',
    'sales.trade.duplicateReference':
      'Serial number {reference} is already recorded; the same payment cannot be recorded twice',
  },
);
