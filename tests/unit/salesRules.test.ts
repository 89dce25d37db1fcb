// The sales rules that are plain arithmetic (server/hooks/salesRules.ts): 购置税 by year for fuel and new-energy
// vehicles (domain.md §2), and the follow-up interval of each intent level (domain.md §4).
import { describe, expect, it } from 'vitest';
import { decimalText, toDecimal } from '../../schemas/expression/decimal';
import { defaultNextFollow, followUpProblem, purchaseTax } from '../../server/hooks/salesRules';

const tax = (price: string, newEnergy: boolean, day: string) => decimalText(purchaseTax(toDecimal(price)!, newEnergy, day), 2);

describe('销售规则', () => {
  it('购置税 is 10% of the ex-VAT price; new-energy vehicles are exempt to ¥30,000 until 2025, half (at most ¥15,000 off) in 2026–2027', () => {
    // 160,000 / 1.13 = 141,592.92; 10% = 14,159.29.
    expect(tax('160000.00', false, '2026-06-30')).toBe('14159.29');
    expect(tax('160000.00', true, '2025-12-31')).toBe('0.00');
    expect(tax('400000.00', true, '2025-06-01')).toBe('5398.23');
    expect(tax('160000.00', true, '2026-01-01')).toBe('7079.64');
    expect(tax('400000.00', true, '2027-12-31')).toBe('20398.23');
    expect(tax('160000.00', true, '2028-01-01')).toBe('14159.29');
  });

  it('the next follow-up is due within the level’s interval (H 2 days, A 3, B 7, C 15) and defaults to it', () => {
    const from = new Date('2026-06-30T02:00:00Z');
    expect(defaultNextFollow('83071001', from)).toBe('2026-07-02 10:00:00');
    expect(defaultNextFollow('83071004', from)).toBe('2026-07-15 10:00:00');
    expect(followUpProblem('83071001', '2026-07-02 10:00:00', from)).toBeUndefined();
    expect(followUpProblem('83071001', '2026-07-02 10:00:01', from)).toBe('意向级别为H的客户，下次跟进时间不能晚于2天后');
    expect(followUpProblem('83071003', '2026-07-08 10:00:00', from)).toBe('意向级别为B的客户，下次跟进时间不能晚于7天后');
  });
});
