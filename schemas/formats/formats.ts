// The named formats a screen field may declare (`"format": "vin"` in screen.schema.json). One implementation serves the
// browser form, the server's input checks and the seed, so all three agree on what a valid VIN, plate or ID number is.
// amis and rjsf ship none of these: each is checked to its standard, check digits included.

export type FormatName = 'vin' | 'plate' | 'mobile' | 'idCard' | 'creditCode';

export interface NamedFormat {
  /** Chinese message shown when a value does not match, prefixed by the field's label. */
  message: string;
  test(value: string): boolean;
}

const VIN_CHARS = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

/** The ISO 3779 / GB 16735 check digit (position 9) of a 17-character VIN; the character at position 9 is ignored. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i] ?? '0';
    const value = /[0-9]/.test(ch) ? Number(ch) : (VIN_LETTER_VALUES[ch] ?? 0);
    sum += value * (VIN_WEIGHTS[i] ?? 0);
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export function isValidVin(vin: string): boolean {
  return VIN_CHARS.test(vin) && vin[8] === vinCheckDigit(vin);
}

export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
// Letters on Chinese plates never include I or O.
const PLATE_LETTER = 'A-HJ-NP-Z';
const REGULAR_PLATE = new RegExp(`^[${PLATE_PROVINCES}][${PLATE_LETTER}][${PLATE_LETTER}0-9]{4}[${PLATE_LETTER}0-9挂学警]$`);
// New-energy plates have 8 characters: D (battery) or F (hybrid) first for small cars, last for large vehicles.
const NEW_ENERGY_PLATE = new RegExp(`^[${PLATE_PROVINCES}][${PLATE_LETTER}](?:[DF][${PLATE_LETTER}0-9][0-9]{4}|[0-9]{5}[DF])$`);

export function isValidPlate(plate: string): boolean {
  return REGULAR_PLATE.test(plate) || NEW_ENERGY_PLATE.test(plate);
}

export function isValidMobile(phone: string): boolean {
  return /^1[3-9][0-9]{9}$/.test(phone);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** The GB 11643 check character (position 18) of a resident ID number; the 18th character is ignored. */
export function idCardCheckChar(id: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i] ?? '0') * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** An 18-digit resident ID: region code starting 1-8, a real birth date no later than today, and its check character. */
export function isValidIdCard(id: string, today = new Date()): boolean {
  const match = /^[1-8]\d{5}((?:18|19|20)\d{2})(\d{2})(\d{2})\d{3}[0-9X]$/.exec(id);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (birth.getTime() > today.getTime()) return false;
  return id[17] === idCardCheckChar(id);
}

// GB 32100-2015: 18 characters from this alphabet (no I, O, Z, S, V); each character's value is its index.
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The GB 32100 check character (position 18) of a unified social credit code; the 18th character is ignored. */
export function creditCodeCheckChar(code: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(code[i] ?? '0') * CREDIT_CODE_WEIGHTS[i]!;
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31]!;
}

/** A unified social credit code: registering authority (1-9, A-H, N, Y), 16 characters of the alphabet, check character. */
export function isValidCreditCode(code: string): boolean {
  return /^[1-9A-HNY][0-9A-HJ-NPQRTUWXY]{17}$/.test(code) && code[17] === creditCodeCheckChar(code);
}

export const FORMATS: Record<FormatName, NamedFormat> = {
  vin: { message: '格式不正确（17位，不含I、O、Q，第9位校验位需正确）', test: isValidVin },
  plate: { message: '格式不正确（如 京A12345，新能源 京AD12345）', test: isValidPlate },
  mobile: { message: '格式不正确（11位手机号）', test: isValidMobile },
  idCard: { message: '格式不正确（18位居民身份证号，出生日期与末位校验码需正确）', test: (value) => isValidIdCard(value) },
  creditCode: { message: '格式不正确（18位统一社会信用代码，末位校验码需正确）', test: isValidCreditCode },
};

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name);
}

/** How a value is compared with its format: trimmed, letters in upper case (a typed vin or x check digit counts). */
export function normalizeForFormat(value: string): string {
  return value.trim().toUpperCase();
}
