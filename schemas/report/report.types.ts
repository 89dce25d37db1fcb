/* Generated from schemas/report.schema.json by `npm run schema:types`. Do not edit by hand. */

/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "dimension".
 */
export type Dimension = {
  /**
   * 维度名：答复每行以它为键给出取值，以 <name>Label 给出显示文字。
   */
  name: string;
  /**
   * 维度名称（中文）。
   */
  label: string;
  /**
   * dealer：记录的经销商（ownerCode，显示经销商名称）；region：经销商所属大区；month / day：dateField 的北京时间月份 YYYY-MM / 日期 YYYY-MM-DD；field：模型的一个字段（字典字段显示字典文字，引用字段显示引用的名称）；ageBand：dateField 到今天（北京时间）的天数所在的区段（账龄、库龄），区段由 bands 给出。
   */
  kind: "dealer" | "region" | "month" | "day" | "field" | "ageBand";
  /**
   * field 维度：模型的字段名。
   */
  field?: string;
  /**
   * ageBand 维度：各区段的最大天数，升序，如 [30, 90] 分为 0–30天、31–90天、90天以上；取值为区段序号（0 起），下钻为 dateField 的起止日期。
   *
   * @minItems 1
   * @maxItems 8
   */
  bands?:
    | [number]
    | [number, number]
    | [number, number, number]
    | [number, number, number, number]
    | [number, number, number, number, number]
    | [number, number, number, number, number, number]
    | [number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number];
  /**
   * 下钻时把该维度的取值传给列表页的哪个筛选参数（模型 filters 的 param），如 ownerCode、status。缺省：dealer 为 ownerCode，month / day 为 dateField 的起止筛选参数，field 为同名筛选参数。
   */
  filter?: string;
};
/**
 * This interface was referenced by `Report`'s JSON-Schema
 * via the `definition` "measure".
 */
export type Measure = {
  /**
   * 指标名：答复每行以它为键给出数值。
   */
  name: string;
  /**
   * 指标名称（中文）。
   */
  label: string;
  /**
   * count：记录数；sum：字段合计；avg：字段平均（两位小数）；ratio：两个字段合计之比（field 的合计 × factor ÷ over 的合计，两位小数；分母为 0 时为空），如利用率、故障率、平均修复时长；report：另一个报表（report）的指标（measure）在同一分组、同一期间与大区、同一经销商筛选下的取值，如交车报表里的零售目标（两个报表任一方有的分组都列出，另一方的指标为 0）；rate：本报表两个指标之比（of × factor ÷ over，两位小数；分母为 0 时为空），如达成率 = 实际 ÷ 目标。
   */
  op: "count" | "sum" | "avg" | "ratio" | "report" | "rate";
  /**
   * sum / avg：数值字段（int、decimal、money）。ratio：分子字段。
   */
  field?: string;
  /**
   * ratio：分母字段（数值字段），按同一分组合计。rate：分母指标（本报表的指标名）。
   */
  over?: string;
  /**
   * ratio / rate：分子乘以的系数，缺省 1；百分比为 100。
   */
  factor?: number;
  /**
   * report：取数的另一个报表名（reports/ 下的 name）；它须有本报表的 dealer、region、month 等同名同类维度，按它没有的维度分组时拒绝。
   */
  report?: string;
  /**
   * report：另一个报表的指标名（count、sum、avg 或 ratio 指标）。
   */
  measure?: string;
  /**
   * rate：分子指标（本报表的指标名，非 rate）。
   */
  of?: string;
  /**
   * 单位（如 单、元），指标卡显示在数值之后。
   */
  unit?: string;
};

/**
 * 报表定义：在一个模型的记录上按维度分组、计算指标，服务端按用户的数据范围取数。每个报表是一个接口 GET <service>/reports/<name>，有自己的权限键；看板（dashboard 区块）引用它。
 */
export interface Report {
  /**
   * JSON Schema 地址，编辑器用于补全。
   */
  $schema?: string;
  /**
   * 报表名（唯一），接口路径为 reports/<name>。
   */
  name: string;
  /**
   * 报表标题（中文）。
   */
  title: string;
  /**
   * 接口所属的服务名，缺省 report。
   */
  service?: string;
  /**
   * 取数的模型名（models/ 下的 name）；模型的数据范围与筛选参数（filters）原样适用，下钻到该模型的列表页时用同样的参数。
   */
  model: string;
  /**
   * 期间字段（date、datetime 或 month，如 createdAt、targetMonth）：month 参数按北京时间的自然月过滤它（fromMonth 与 month 同给时为其间各月），month 维度按它分组，环比取上一个月；该字段为空的记录不属于任何期间，不计入。month 字段只有月份：不能用 day 与 ageBand 维度，也不能汇总（rollup）。
   */
  dateField: string;
  /**
   * 固定的筛选参数：模型的列表筛选参数（含钩子提供的，如配件库存的 slowMoving）及其取值，报表总按它们取数，下钻时一并带给列表页；请求不能覆盖。
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * 可选的分组维度；请求以 groupBy 指定其中至多两个。
   *
   * @minItems 1
   */
  dimensions: [Dimension, ...Dimension[]];
  /**
   * 可选的指标；请求以 measures 指定，缺省全部。
   *
   * @minItems 1
   */
  measures: [Measure, ...Measure[]];
  /**
   * 汇总表：按经销商、日期（dateField 的北京时间日期）与 by 列出的字段分组，保存记录数与各指标字段的合计，由触发器在写入的事务内保持准确。只用这些维度、期间与 by 字段筛选（及经销商、大区）的请求从汇总表取数，不扫描记录；其他请求照旧从记录取数。
   */
  rollup?: {
    /**
     * 汇总表保留的字段（field 维度与按字段筛选用到的，如 status、repairTypeCode）。
     *
     * @maxItems 4
     */
    by: [] | [string] | [string, string] | [string, string, string] | [string, string, string, string];
  };
}
