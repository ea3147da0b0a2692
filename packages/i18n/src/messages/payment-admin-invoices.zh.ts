import type { paymentAdminInvoicesEn } from './payment-admin-invoices.en.ts';

export const paymentAdminInvoicesZh: Record<keyof typeof paymentAdminInvoicesEn, string> = {
  'payment.admin.invoices.new': '新建账单',
  'payment.admin.invoices.editTitle': '编辑草稿 {number}',
  'payment.admin.invoices.ofCustomer': '顾客：{name}',
  'payment.admin.invoices.allOfCustomer': '查看全部 {count} 张账单',
  'payment.admin.invoices.notFound': '当前模式下没有这张账单。',
  'payment.admin.invoices.notADraft': '只有草稿可以编辑，这张账单已经定稿。',

  'payment.admin.invoices.subscription': '订阅',
  'payment.admin.invoices.reason': '开单原因',
  'payment.admin.invoices.period': '服务周期',
  'payment.admin.invoices.memo': '备注',
  'payment.admin.invoices.memoHelp': '会印在账单上，顾客可以看到。',
  'payment.admin.invoices.collectedBy': '支付方式',
  'payment.admin.invoices.finalized': '定稿时间',
  'payment.admin.invoices.customerPage': '顾客的账单页面',
  'payment.admin.invoices.openCustomerPage': '打开顾客的账单页面',
  'payment.admin.invoices.due': '到期时间',
  'payment.admin.invoices.paid': '支付时间',
  'payment.admin.invoices.nextAttempt': '下次扣款时间',
  'payment.admin.invoices.attempts': '扣款次数',
  'payment.admin.invoices.daysUntilDue': '付款期限（天）',
  'payment.admin.invoices.daysUntilDueHelp': '从定稿时算起；填 0 表示定稿即到期。',
  'payment.admin.invoices.dueAfterFinalizing': '定稿后 {count} 天到期',
  'payment.admin.invoices.dueAfterFinalizing_one': '定稿后 {count} 天到期',
  'payment.admin.invoices.lines': '账单明细',

  'payment.admin.invoices.edit': '编辑草稿',
  'payment.admin.invoices.finalize': '定稿',
  'payment.admin.invoices.finalizeConfirm':
    '确定将 {number} 定稿吗？定稿后账单会发给顾客付款，且不能再编辑；金额为零的账单会直接记为已支付。',
  'payment.admin.invoices.void': '作废',
  'payment.admin.invoices.voidConfirm': '确定作废 {number} 吗？作废后顾客无需也无法再支付，此操作无法撤销。',
  'payment.admin.invoices.markUncollectible': '标记为无法收款',
  'payment.admin.invoices.markUncollectibleConfirm':
    '确定将 {number} 标记为无法收款吗？系统将不再尝试扣款，但顾客仍可自行支付。',

  'payment.admin.invoices.moveRefused': '账单当前的状态不允许此操作：{reason}',

  'payment.admin.invoices.customerHelp': '可按姓名、邮箱或 DID 搜索。',
  'payment.admin.invoices.noCustomers': '没有匹配的顾客',
  'payment.admin.invoices.lineNumber': '第 {number} 项',
  'payment.admin.invoices.lineKind': '收费内容',
  'payment.admin.invoices.line.custom': '自定义费用',
  'payment.admin.invoices.line.price': '目录中的价格',
  'payment.admin.invoices.lineAdd': '添加一项',
  'payment.admin.invoices.lineRemove': '删除第 {number} 项',
  'payment.admin.invoices.noPrices': '没有在售且在该币种下有固定金额的价格。',
  'payment.admin.invoices.saveDraft': '保存草稿',
  'payment.admin.invoices.error.between': '请输入 {min} 到 {max} 之间的整数',
};
