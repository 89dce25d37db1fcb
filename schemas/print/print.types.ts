/* Generated from schemas/print.schema.json by `npm run schema:types`. Do not edit by hand. */

/**
 * This interface was referenced by `PrintTemplate`'s JSON-Schema
 * via the `definition` "section".
 */
export type Section = {
  /**
   * header：抬头（标题取自字段或文字、副标题、抬头行的取值）；fields：字段栅格；table：明细表（数据中的一个数组）；totals：合计行；signatures：签字栏。
   */
  kind: "header" | "fields" | "table" | "totals" | "signatures";
  /**
   * header：标题取自的数据字段（如 dealerName）。
   */
  titleField?: string;
  /**
   * header：标题文字（无 titleField 时）；table：表格标题。
   */
  title?: string;
  /**
   * header：副标题（如 维修委托书）。
   */
  subtitle?: string;
  /**
   * header 的抬头行、fields 的各字段、totals 的各合计。
   */
  values?: Value[];
  /**
   * fields：每行的字段数。
   */
  cols?: number;
  /**
   * table：明细行所在的数据字段（数组）。
   */
  source?: string;
  /**
   * table：列。
   */
  columns?: Value[];
  /**
   * table：无明细行时显示的文字；缺省时不打印空表。
   */
  emptyText?: string;
  /**
   * signatures：签字栏的标签。
   */
  labels?: string[];
};

/**
 * 打印模板：纸张大小与方向，以及按顺序排列的各节（抬头、字段栅格、明细表、合计、签字栏）。print 动作按 name 引用模板，取数接口的答复填入模板；浏览器打印与本地打印服务（C-Lodop）使用同一份 HTML。所有取值都经转义。
 */
export interface PrintTemplate {
  $schema?: string;
  /**
   * 模板名，print 动作的 template 引用它（如 repair-order）。
   */
  name: string;
  /**
   * 纸张大小（纵向时的宽与高），默认 A4（210mm × 297mm）。print 动作未指定时使用。
   */
  pageSize?: {
    width: string;
    height: string;
  };
  /**
   * 纸张方向，默认 vertical（纵向）。print 动作未指定时使用。
   */
  direction?: "vertical" | "horizontal";
  /**
   * @minItems 1
   */
  sections: [Section, ...Section[]];
}
/**
 * 一个取值：标签与数据中的字段（可用 a.b 取下级），按 format 显示。
 *
 * This interface was referenced by `PrintTemplate`'s JSON-Schema
 * via the `definition` "value".
 */
export interface Value {
  label: string;
  field: string;
  /**
   * money：千分位与两位小数（精确小数，不经浮点）；date：取日期部分 YYYY-MM-DD。
   */
  format?: "text" | "money" | "date";
  /**
   * fields 节中占的列数，默认 1。
   */
  span?: number;
  /**
   * table 节的列对齐，money 默认右对齐。
   */
  align?: "left" | "right" | "center";
}
