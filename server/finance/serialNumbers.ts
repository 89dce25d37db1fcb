// The formats of the serial numbers on receipts and bank flows (domain.md §2 Demo; the spec's finance labels 银行流水号 and
// 快捷支付流水号): WeChat Pay's transaction ids are 28 digits beginning 4200, Alipay's 28 digits beginning with the trade
// date (yyyyMMdd), a UnionPay POS slip's 参考号 12 digits, a bank's own serial 20-32 letters or digits. Checked where
// they are entered, so that the exact match of a reconciliation compares like with like.
import { PAY_METHOD } from './financeCodes';

export const SERIAL_TEXT = {
  bank: '银行流水号应为20至32位字母或数字',
  wechat: '微信支付的快捷支付流水号应为4200开头的28位数字',
  alipay: '支付宝的快捷支付流水号应为交易日期（yyyyMMdd）开头的28位数字',
  pos: 'POS刷卡的快捷支付流水号应为12位参考号',
  cash: '现金收款没有快捷支付流水号',
} as const;

const BANK = /^[0-9A-Za-z]{20,32}$/;

function validDay(text: string): boolean {
  const [y, m, d] = [Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** What is wrong with the serials of a receipt or flow paid by `payMethod` (empty serials are not checked). */
export function serialProblems(payMethod: unknown, bankSerialNo: unknown, quickPaySerialNo: unknown): string[] {
  const problems: string[] = [];
  if (typeof bankSerialNo === 'string' && bankSerialNo !== '' && !BANK.test(bankSerialNo)) problems.push(SERIAL_TEXT.bank);
  if (typeof quickPaySerialNo !== 'string' || quickPaySerialNo === '') return problems;
  const quick = quickPaySerialNo;
  if (payMethod === PAY_METHOD.wechat && !/^4200\d{24}$/.test(quick)) problems.push(SERIAL_TEXT.wechat);
  if (payMethod === PAY_METHOD.alipay && !(/^\d{28}$/.test(quick) && validDay(quick.slice(0, 8)))) problems.push(SERIAL_TEXT.alipay);
  if (payMethod === PAY_METHOD.pos && !/^\d{12}$/.test(quick)) problems.push(SERIAL_TEXT.pos);
  if (payMethod === PAY_METHOD.cash) problems.push(SERIAL_TEXT.cash);
  return problems;
}
