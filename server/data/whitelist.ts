// The whitelist check of back-office §3 (ownerCode, modType 91111057, rosterType 0, vin), asked of two services: the
// bff's accidentClues/whitelist/checkWhitelist and the repair service's orderCporConfirm/selectWhitelistByOwnerCode/
// customerInterAspect. Both answer from the same configured list (QI_WHITELIST_OWNER_CODES): it decides the
// quality-inspection rename (车间质检 -> 车间终检). Only the user's own dealer can be asked about: another owner code answers
// false, like one not on the list.
import type { SessionUser } from '../http/session';

/** The module of the quality-inspection label rename (back-office §3 whitelist check parameters). */
export const QI_RENAME_MOD_TYPE = '91111057';

export interface WhitelistQuery {
  ownerCode: string;
  modType: string;
  rosterType: string;
  vin?: string;
}

export const whitelistQuery = {
  type: 'object',
  required: ['ownerCode', 'modType', 'rosterType'],
  properties: {
    ownerCode: { type: 'string', title: '经销商代码', maxLength: 32 },
    modType: { type: 'string', title: '模块类型', maxLength: 16 },
    rosterType: { type: 'string', title: '名单类型', maxLength: 4 },
    vin: { type: 'string', title: 'VIN', maxLength: 17 },
  },
} as const;

export function whitelistPasses(list: readonly string[], user: Pick<SessionUser, 'ownerCode'>, query: WhitelistQuery): boolean {
  const { ownerCode, modType, rosterType } = query;
  return user.ownerCode === ownerCode && modType === QI_RENAME_MOD_TYPE && rosterType === '0' && list.includes(ownerCode);
}
