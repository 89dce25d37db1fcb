/* Generated from schemas/model.schema.json by `npm run schema:types`. Do not edit by hand. */

/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "fieldName".
 */
export type FieldName = string;
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "fieldType".
 */
export type FieldType =
  | "string"
  | "text"
  | "html"
  | "int"
  | "decimal"
  | "money"
  | "date"
  | "datetime"
  | "month"
  | "time"
  | "boolean"
  | "dict"
  | "ref"
  | "file"
  | "image"
  | "json";
/**
 * 演示数据：personName 中文姓名，mobile 手机号，vin，plate，idCard 身份证号，staff 本店员工，skip 不填；pick 从列表取，range 数值范围（after：相对另一字段），daysAgo 日期范围（负数为将来），text 模板（{n} 为序号）。状态字段按状态分布，某状态经过的流转所要求与写入的字段才有值。
 *
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "fieldSeed".
 */
export type FieldSeed =
  | ("personName" | "mobile" | "vin" | "plate" | "idCard" | "staff" | "skip")
  | {
      /**
       * @minItems 1
       */
      pick?: [unknown, ...unknown[]];
      /**
       * @minItems 2
       * @maxItems 2
       */
      range?: [number, number];
      /**
       * @minItems 2
       * @maxItems 2
       */
      daysAgo?: [number, number];
      text?: string;
      /**
       * 本店该岗位的员工
       */
      staff?: string;
      /**
       * 与 range 一起用：取值为本表另一个数值字段的值加上 range 内的数（如结束里程 = 开始里程 + 3~40）
       */
      after?: string;
    };

/**
 * 一类业务记录（模型）：字段、子表、编号规则、状态流转、数据范围、导入导出与演示数据提示。服务端据此建表并提供接口。
 */
export interface Model {
  $schema?: string;
  /**
   * 模型名（小驼峰，全局唯一）
   */
  name: string;
  /**
   * 中文名称，如 维修工单
   */
  title: string;
  description?: string;
  /**
   * 数据库表名（小驼峰，存为下划线形式）；缺省为模型名加 s
   */
  table?: string;
  /**
   * 服务名：接口前缀 /api/<service 的前缀>
   */
  service: string;
  /**
   * 服务下的 REST 路径，如 order/repair/orders
   */
  path: string;
  /**
   * 数据范围：owner 按经销商 ownerCode；org 按组织；none 为共享基础数据
   */
  scope: "owner" | "org" | "none";
  /**
   * 作为记录标题显示的字段
   */
  titleField: string;
  naming?: Naming;
  defaultSort?: SortOrder;
  /**
   * @minItems 1
   */
  fields: [Field, ...Field[]];
  children?: Child[];
  /**
   * 列表接口接受的查询参数
   */
  filters?: Filter[];
  states?: States;
  writes?: Writes;
  /**
   * 提供 <path>/batch：表格的新增、修改、删除行一次保存
   */
  batch?: boolean;
  import?: Import;
  export?: Export;
  seed?: Seed;
  /**
   * 钩子在答复中加入的字段（如按物料树查出的车系名称），供导出列与页面引用
   */
  answers?: {
    name: FieldName;
    label: string;
  }[];
  /**
   * 多字段索引：owner 范围的模型以经销商开头（如同一经销商、同一仓库、同一配件只有一行库存）；unique 为 true 时这些字段的组合唯一
   */
  indexes?: {
    /**
     * @minItems 2
     * @maxItems 6
     */
    fields:
      | [string, string]
      | [string, string, string]
      | [string, string, string, string]
      | [string, string, string, string, string]
      | [string, string, string, string, string, string];
    unique?: boolean;
  }[];
  /**
   * 声明的查询接口（由聚合或钩子提供）
   */
  queries?: Call[];
  /**
   * 声明的动作接口（由钩子提供）：在一个事务中执行，钩子可经 records 写其他模型的记录
   */
  actions?: Call[];
  /**
   * 规范为生成的接口另起的路径（如 consultantWork/addConsult 即新增）：与生成的接口同一处理、同样的校验，权限键按此路径导出
   */
  routes?: Route[];
  /**
   * 模型带来的数据字典：启动和发布时补入字典管理中还没有的类型和代码，已有的（可能已在字典管理中改过）不动
   *
   * @minItems 1
   */
  dictionaries?: [Dictionary, ...Dictionary[]];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "naming".
 */
export interface Naming {
  field: string;
  /**
   * 编号规则，如 RO{ownerCode}{yyMMdd}{seq:4}；{<日期字段>|yyMMdd} 取记录中的日期
   */
  series: string;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "sortOrder".
 */
export interface SortOrder {
  field: string;
  order?: "asc" | "desc";
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "field".
 */
export interface Field {
  name: FieldName;
  label: string;
  type: FieldType;
  required?: boolean;
  /**
   * 唯一：true 全表唯一；owner 同一经销商内唯一
   */
  unique?: boolean | "owner";
  /**
   * 缺省值；$now 当前时间，$today 今天，$user.id 当前用户
   */
  default?: string | number | boolean | unknown[];
  /**
   * 最大长度（字符）
   */
  length?: number;
  minLength?: number;
  min?: number;
  max?: number;
  precision?: number;
  scale?: number;
  format?: "vin" | "plate" | "mobile" | "idCard" | "creditCode" | "clock" | "year";
  /**
   * 数据字典类型，如 8021
   */
  dict?: string;
  ref?: Ref;
  /**
   * 多个值（以 JSON 数组保存）
   */
  multiple?: boolean;
  /**
   * 保存时转为大写（车牌、VIN）
   */
  upper?: boolean;
  index?: boolean;
  sortable?: boolean;
  masked?: "name" | "phone" | "idCard" | "vin";
  /**
   * 计算字段的表达式，保存时由服务端计算
   */
  compute?: string;
  /**
   * 创建后不可修改
   */
  immutable?: boolean;
  /**
   * 由服务端或钩子赋值，不接受客户端传入
   */
  readOnly?: boolean;
  /**
   * 为 false 时只在单条记录中返回（如长文本）
   */
  inList?: boolean;
  seed?: FieldSeed;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "ref".
 */
export interface Ref {
  /**
   * 引用的模型名
   */
  model?: string;
  /**
   * 或引用的基础表（小驼峰表名）
   */
  table?: string;
  /**
   * 被引用的键，缺省 id
   */
  key?: string;
  /**
   * 显示的标题列，缺省为模型的 titleField
   */
  title?: string;
  /**
   * 标题在答复中的字段名，缺省 <字段名>Name
   */
  as?: string;
  where?: {
    [k: string]: string | number | boolean;
  };
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "child".
 */
export interface Child {
  name: FieldName;
  title: string;
  table?: string;
  /**
   * @minItems 1
   */
  fields: [Field, ...Field[]];
  minRows?: number;
  maxRows?: number;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "filter".
 */
export interface Filter {
  param: string;
  /**
   * 比较的字段，缺省同 param
   */
  field?: string;
  label?: string;
  /**
   * eq 等于；like 包含；in 多选；vin 整个或一批 VIN 精确、片段包含；from/to 起止（含）；dayFrom/dayTo 按北京时间的日期；present 1 有值 0 无值；search 按 keyParam 选定的字段包含
   */
  op: "eq" | "like" | "in" | "vin" | "from" | "to" | "dayFrom" | "dayTo" | "present" | "search";
  /**
   * search：选择字段的参数名
   */
  keyParam?: string;
  /**
   * search：可选的字段
   */
  fields?: string[];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "states".
 */
export interface States {
  field: string;
  initial: string;
  /**
   * 可编辑的状态；缺省任何状态
   */
  editableIn?: string[];
  /**
   * 可删除的状态；缺省任何状态
   */
  deletableIn?: string[];
  /**
   * 为 true 时新增、编辑可直接提交状态（旧接口兼容）
   */
  clientSets?: boolean;
  transitions: Transition[];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "transition".
 */
export interface Transition {
  name: FieldName;
  label: string;
  /**
   * @minItems 1
   */
  from: [string, ...string[]];
  to: string;
  /**
   * 流转时必须有值的字段（可随请求提交）
   */
  requires?: string[];
  /**
   * 流转时可随请求提交、但不必有值的字段（如回访的满意度）
   */
  accepts?: string[];
  /**
   * 表达式：为假时拒绝
   */
  guard?: string;
  /**
   * 流转时由服务端写入的字段：$now 当前时间，$today 今天，$user.id 当前用户，或固定值
   */
  sets?: {
    [k: string]: string | number | boolean;
  };
  guardMessage?: string;
  side?: "dealer" | "manufacturer";
  /**
   * 需审批的流程定义编码：流转时发起流程，流程结束时完成流转
   */
  process?: string;
  /**
   * 只由钩子在另一记录的写入中执行（records().transition，如交车时订单转已交车、配车时库存转已配车），不提供接口，也不出现在记录页面的按钮中
   */
  internal?: boolean;
  /**
   * 流程被驳回后单据回到的状态；缺省保持发起时的状态
   */
  rejectTo?: string;
}
/**
 * 写操作：哪一侧可以做，哪些写接口提供
 *
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "writes".
 */
export interface Writes {
  create?: boolean | SideRule;
  update?: boolean | SideRule;
  delete?: boolean | SideRule;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "sideRule".
 */
export interface SideRule {
  side: "dealer" | "manufacturer";
  refusal: string;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "import".
 */
export interface Import {
  templateName: string;
  /**
   * 导入接口在服务下的路径（缺省 <path>/import），其下有 /last 与 /template
   */
  path?: string;
  side?: SideRule;
  /**
   * @minItems 1
   */
  columns: [SheetColumn, ...SheetColumn[]];
  /**
   * 据此判断同一条记录：有则更新，无则新增
   */
  key?: string[];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "sheetColumn".
 */
export interface SheetColumn {
  /**
   * 字段名；ref 字段可写 <字段>Name 取标题
   */
  field: string;
  header: string;
  width?: number;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "export".
 */
export interface Export {
  fileName: string;
  /**
   * @minItems 1
   */
  columns: [SheetColumn, ...SheetColumn[]];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "seed".
 */
export interface Seed {
  /**
   * 每家经销商的条数（可用 SEED_SCALE 放大）
   */
  perDealer?: number;
  /**
   * @minItems 2
   * @maxItems 2
   */
  childRows?: [number, number];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "call".
 */
export interface Call {
  name: FieldName;
  label: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /**
   * 服务下的路径，可含 :id
   */
  path: string;
  /**
   * 在另一服务的前缀下提供（如销售报表 salesreport 的 report/stockModelTable）；缺省为模型的服务
   */
  service?: string;
  /**
   * 接口接受的查询参数（除列表的分页与筛选之外）
   */
  query?: {
    name: FieldName;
    label: string;
    type: "string" | "int" | "date";
    required?: boolean;
    length?: number;
    enum?: string[];
  }[];
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "route".
 */
export interface Route {
  /**
   * 提供的生成接口：list 列表，get 单条，create 新增，update 修改，delete 删除，exportFile 导出文件
   */
  op: "list" | "get" | "create" | "update" | "delete" | "exportFile";
  method: "GET" | "POST" | "PUT" | "DELETE";
  /**
   * 服务下的路径；get/update/delete 不含 :id 时，记录 ID 取自查询参数 id（GET、DELETE）或请求体 id（POST、PUT）
   */
  path: string;
}
/**
 * This interface was referenced by `Model`'s JSON-Schema
 * via the `definition` "dictionary".
 */
export interface Dictionary {
  /**
   * 字典类型，四位数字，如 8301
   */
  type: string;
  /**
   * 类型名称，如 线索状态
   */
  name: string;
  /**
   * 代码，按显示顺序
   *
   * @minItems 1
   */
  codes: [
    {
      /**
       * 代码，以字典类型开头，如 83011001
       */
      code: string;
      /**
       * 中文名称
       */
      name: string;
      /**
       * 英文名称
       */
      enName?: string;
    },
    ...{
      /**
       * 代码，以字典类型开头，如 83011001
       */
      code: string;
      /**
       * 中文名称
       */
      name: string;
      /**
       * 英文名称
       */
      enName?: string;
    }[]
  ];
}
