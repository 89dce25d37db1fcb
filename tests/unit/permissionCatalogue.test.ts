import { describe, expect, it } from 'vitest';
import { POSITIONS } from '../../server/seed/catalogue';

const positionCode = (name: string) => POSITIONS.find((p) => p.positionName === name)?.positionCode;

describe('position codes of back-office §3', () => {
  it.each([
    ['BO-POS-01', '服务顾问', 'FWGW'],
    ['BO-POS-02', '担保专员', 'DBZY'],
    ['BO-POS-03', '续保专员', 'XBZY'],
    ['BO-POS-04', '领用人', 'LYR'],
    ['BO-POS-05', '客服专员', 'KFZY'],
    ['BO-POS-06', '技师', 'JS'],
    ['BO-POS-07', '领料员', 'LLR'],
    ['BO-POS-08', '质检员', 'ZJY'],
    ['BO-POS-09', '试乘试驾专员', 'SCY'],
    ['BO-POS-10', '审核人', 'SHR'],
    ['BO-POS-11', '销售顾问', 'XSGW'],
  ])('[%s] the position code of %s is %s', (_id, name, code) => {
    expect(positionCode(name)).toBe(code);
  });
});
