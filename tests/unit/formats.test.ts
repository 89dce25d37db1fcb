import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, FORMATS, idCardCheckChar, isValidCreditCode, isValidIdCard, isValidMobile, isValidPlate, isValidVin, vinCheckDigit } from '../../schemas/formats/formats';

describe('named formats', () => {
  it('accepts VINs whose ninth character is the ISO 3779 check digit', () => {
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(isValidVin('11111111111111111')).toBe(true);
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });

  it('refuses VINs with a wrong check digit, a wrong length or the letters I, O and Q', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false);
    expect(isValidVin('1M8GDM9AXKP04278I')).toBe(false);
    expect(isValidVin('1m8gdm9axkp042788')).toBe(false);
  });

  it('accepts regular and 8-character new-energy Chinese plates and refuses others', () => {
    for (const plate of ['京A12345', '沪BD1234', '粤B8K2Q7', '京AD12345', '粤BF12345', '苏A12345D', '津C1234学']) expect(isValidPlate(plate), plate).toBe(true);
    for (const plate of ['京I12345', 'A12345', '京A1234', '京A123456', '京AD1234X', 'XXA12345']) expect(isValidPlate(plate), plate).toBe(false);
  });

  it('accepts 11-digit mainland mobile numbers', () => {
    expect(isValidMobile('13800138000')).toBe(true);
    expect(isValidMobile('12800138000')).toBe(false);
    expect(isValidMobile('1380013800')).toBe(false);
  });

  it('has a Chinese message for every format', () => {
    for (const format of Object.values(FORMATS)) expect(format.message).toMatch(/格式不正确/);
  });
});

describe('identity and company formats', () => {
  it('accepts 18-digit resident ID numbers with a real birth date and the GB 11643 check character', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('440524188001010014')).toBe(true);
    expect(idCardCheckChar('11010519491231002')).toBe('X');
  });

  it('refuses a wrong check character, an impossible date, a future birth date and a wrong length', () => {
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('110105194902300021')).toBe(false);
    expect(isValidIdCard('110105209912310023', new Date('2026-01-01'))).toBe(false);
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('91010519491231002X')).toBe(false);
  });

  it('accepts unified social credit codes with the GB 32100 check character and refuses others', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100YI3')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
  });
});
