// What screen conditions read of the user: the session's user with its role codes beside the role entries.
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../schemas/expression/expression';
import { conditionUser } from '../../runtime/screen/conditionUser';

const context = (user: object | null) => ({ filter: {}, user: conditionUser(user), params: {} });

describe('the user of screen conditions', () => {
  it('puts roleCodes beside roles, so a condition can name a role', () => {
    const user = { userCode: 'd11001dbzy', positions: ['DBZY'], roles: [{ roleCode: 'JXSCX', roleName: '经销商查询' }, { roleCode: 'CWRY', roleName: '财务人员' }] };
    expect(conditionUser(user)).toEqual({ ...user, roleCodes: ['JXSCX', 'CWRY'] });
    expect(evaluateCondition("contains(user.roleCodes, 'CWRY')", context(user), false)).toBe(true);
    expect(evaluateCondition("contains(user.roleCodes, 'QYCX')", context(user), true)).toBe(false);
    // The role entries themselves are objects, which the language never equals to a code.
    expect(evaluateCondition("contains(user.roles, 'CWRY')", context(user), true)).toBe(false);
  });

  it('leaves a user without roles as it is, and no user an empty object', () => {
    expect(conditionUser({ positions: ['FWGW'] })).toEqual({ positions: ['FWGW'] });
    expect(conditionUser(null)).toEqual({});
    expect(evaluateCondition("contains(user.roleCodes, 'CWRY')", context(null), true)).toBe(false);
  });
});
