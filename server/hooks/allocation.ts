// 调拨单 needs a hook for what its JSON cannot say: the sending dealer is the dealer that applies (the record's owner),
// set by the server whatever the request sends, and the receiving dealer must be another one (domain.md §3).
import type { ModelHooks } from '../models/modelHooks';
import type { AllocationRecord } from './modelRecords';

export const ALLOCATION_TEXT = {
  sameDealer: '调入经销商不能是调出经销商',
} as const;

export const allocationHooks: ModelHooks<AllocationRecord> = {
  beforeWrite({ user }, change) {
    const fromOwnerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode ?? null;
    change.values.fromOwnerCode = fromOwnerCode;
    const toOwnerCode = change.values.toOwnerCode ?? (change.current?.toOwnerCode as string | undefined);
    if (toOwnerCode && toOwnerCode === fromOwnerCode) change.problems.push(`${change.prefix}${ALLOCATION_TEXT.sameDealer}`);
  },
};
