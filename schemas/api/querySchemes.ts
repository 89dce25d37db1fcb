// Custom query schemes (back-office §3, BO-ENT-14/15): a user's named set of filter conditions and table columns for
// one screen, kept at GET /api/dms.ws.order/test/testList and saved by .../testAddList (menuId and interfaceAddress name
// the screen), the user's own or shared with the dealer. The filter bar applies one: its conditions fill the filter
// fields, its columns choose the table's.

/** How a condition compares (the filter field's own operator on the server; the scheme says which it is). */
export const SCHEME_CONDITION_CODES = ['eq', 'like', 'in', 'between', 'gte', 'lte'] as const;
export type SchemeConditionCode = (typeof SCHEME_CONDITION_CODES)[number];

/** The filter field's widget kind: input or select, as the spec names them (dates and numbers are inputs). */
export const SCHEME_COMPONENT_TYPES = ['input', 'select'] as const;
export type SchemeComponentType = (typeof SCHEME_COMPONENT_TYPES)[number];

export interface SchemeOption {
  value: string;
  text: string;
}

export interface SchemeCondition {
  /** The filter field (`fieldName` of the screen's filter; a range field's `from|to`). */
  fieldName: string;
  conditionCode: SchemeConditionCode;
  componentType: SchemeComponentType;
  /** The values: one for input and a single select, several for a multiple select, two ends for a range. */
  value: (string | number | null)[];
  /** The comparisons the field offers (shown beside it). */
  conditionList?: SchemeOption[];
  /** A select's options at the time the scheme was saved. */
  selectItem?: SchemeOption[];
}

/** A table column the scheme shows: its title and its dataIndex. */
export interface SchemeColumn {
  label: string;
  value: string;
}

export interface QueryScheme {
  id: number;
  labelName: string;
  selectCondition: SchemeCondition[];
  columns: SchemeColumn[];
  /** Shared with everyone of the dealer who opens the screen. */
  shared: boolean;
  /** Whether the signed-in user saved it (only the author changes or removes it). */
  own: boolean;
  userName: string;
  updatedAt: string;
}

export interface QuerySchemeInput {
  /** Set: replace the user's own scheme of that id. */
  id?: number;
  menuId: string;
  interfaceAddress: string;
  labelName: string;
  selectCondition: SchemeCondition[];
  columns: SchemeColumn[];
  shared?: boolean;
}

/** Answers of the scheme calls carry `success` beside the envelope (back-office §7: "Response: success and data"). */
export interface SchemeAnswer<T> {
  success: boolean;
  data: T;
}

/** What the filter bar shows of the schemes. */
export const QUERY_SCHEME_LABELS = {
  picker: '查询方案',
  placeholder: '选择查询方案',
  shared: '（共享）',
  save: '保存方案',
  remove: '删除方案',
  saveTitle: '保存查询方案',
  name: '方案名称',
  nameRequired: '请填写方案名称',
  share: '共享给本店其他用户',
  saved: (name: string) => `已保存查询方案“${name}”`,
  removed: (name: string) => `已删除查询方案“${name}”`,
  confirmRemove: (name: string) => `确认删除查询方案“${name}”?`,
} as const;

export const QUERY_SCHEME_TEXT = {
  noMenu: '当前菜单没有权限，不能使用查询方案',
  notYours: '查询方案不存在，或不是您保存的',
  badCondition: '查询条件格式不正确',
  badColumns: '显示列格式不正确',
  nameTaken: (name: string) => `已有名为“${name}”的查询方案`,
} as const;
