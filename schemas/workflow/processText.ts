// The words of running processes (issue 23), shown by the server's answers and the browser's history alike.

export const PROCESS_ACTIONS = {
  start: '发起',
  agree: '同意',
  reject: '驳回',
  transfer: '转办',
  addSigner: '加签',
  timeout: '超时升级',
  end: '结束',
} as const;

export type ProcessAction = keyof typeof PROCESS_ACTIONS;

export const PROCESS_STATUS = { running: '审批中', approved: '已通过', rejected: '已驳回' } as const;

export const TASK_STATUS = { open: '待处理', done: '已处理', cancelled: '已取消' } as const;

export const PROCESS_TEXT = {
  locked: (title: string, processName: string) => `${title}正在“${processName}”审批中，审批结束前不能修改`,
  alreadyRunning: (title: string) => `${title}已在审批中，请勿重复提交`,
  noDefinition: (processId: string) => `流程定义不存在：${processId}，请先在流程定义中保存该流程`,
  taskTaken: (name: string) => `该任务已由${name}处理，无需重复操作`,
  taskClosed: '该任务已结束，无需处理',
  taskNotFound: '待办任务不存在或无权处理',
  commentRequired: '驳回时请填写审批意见',
  transferTarget: '转办对象不存在或不在该单据的管辖范围内',
  transferSelf: '不能转办给自己',
  signerTarget: '加签人不存在或不在该单据的管辖范围内',
  signerSelf: '不能给自己加签',
  signerTwice: (name: string) => `${name}已是该任务的审批人，无需重复加签`,
  signerNote: (names: string, comment: string) => `加签给${names}${comment ? `：${comment}` : ''}`,
  /** The name of an added signer's task: the task it countersigns. */
  signerTask: (name: string) => `${name}（加签）`,
} as const;

export const PROCESS_HISTORY_TEXT = {
  none: '该单据没有审批流程',
  select: '请选择一行查看审批记录',
  waitingAt: '当前节点：',
  todo: '我的待办',
} as const;
