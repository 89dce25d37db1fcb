// Answers of the running-process calls (issue 23): 我的待办 / 我的已办 rows and a record's process history.

export interface ProcessTaskRow {
  taskId: number;
  taskName: string;
  status: 'open' | 'done' | 'cancelled';
  statusText: string;
  createdAt: string;
  dueAt: string | null;
  completedAt: string | null;
  decision: string | null;
  decisionText: string | null;
  comment: string | null;
  ownerCode: string | null;
  instanceId: number;
  processName: string;
  model: string;
  recordId: number;
  recordTitle: string;
  instanceStatus: 'running' | 'approved' | 'rejected';
  instanceStatusText: string;
  startedByName: string;
  startedAt: string;
  completedByName: string | null;
}

export interface ProcessStepView {
  elementId: string;
  name: string;
  action: 'start' | 'agree' | 'reject' | 'transfer' | 'addSigner' | 'timeout' | 'end';
  actionText: string;
  userName: string | null;
  comment: string | null;
  at: string;
}

export interface ProcessHistory {
  instanceId: number;
  processId: string;
  processName: string;
  version: number;
  status: 'running' | 'approved' | 'rejected';
  statusText: string;
  startedByName: string;
  startedAt: string;
  endedAt: string | null;
  /** The definition version's BPMN XML the instance runs on. */
  xml: string;
  /** The elements it waits at now (highlighted on the diagram). */
  current: string[];
  openTasks: { elementId: string; name: string; createdAt: string; dueAt: string | null }[];
  steps: ProcessStepView[];
}

export interface TaskDecisionInput {
  comment?: string;
}

export interface TaskTransferInput {
  userId: number;
  comment?: string;
}

/** 加签: the users who must also approve the task before the process moves on. */
export interface TaskAddSignerInput {
  userIds: number[];
  comment?: string;
}

/** A user who may be added as a signer on a task (reaches the record's dealer). */
export interface SignerCandidateRow {
  userId: number;
  employeeName: string;
  orgName: string;
}
