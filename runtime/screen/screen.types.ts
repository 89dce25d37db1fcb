/* Generated from schemas/screen.schema.json by `npm run schema:types`. Do not edit by hand. */

/**
 * 权限键：方法_服务名_路径，例如 POST_repair_order/repair/orders。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "permissionKey".
 */
export type PermissionKey = string;
/**
 * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "apiRef".
 */
export type ApiRef = string;
/**
 * 按钮动作，type 由动作注册表解析（开放枚举），例如 dialog、api、confirm、reload。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "action".
 */
export type Action = {
  /**
   * 动作类型。
   */
  type: string;
  /**
   * dialog 动作：要打开的对话框名称。
   */
  dialog?: string;
  /**
   * dialog 动作：表单模式；在行操作中默认 edit，在工具栏中默认 add。
   */
  mode?: "add" | "edit" | "show";
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  api?: string;
  /**
   * confirm 动作：标题，默认 提示信息。
   */
  title?: string;
  /**
   * confirm 动作：提示内容，默认 确认进行此操作?
   */
  message?: string;
  /**
   * api 动作：成功后的提示，默认 操作成功。
   */
  successMessage?: string;
  then?: Action;
};
/**
 * 服务名，由服务注册表（运行时配置 services）解析为接口前缀，例如 repair、dict、auth。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "serviceName".
 */
export type ServiceName = string;
/**
 * 安全表达式（不执行 JavaScript）：支持字面量、变量与成员访问（row.status、form.vin、mode）、比较 == != > >= < <=、逻辑 && || !、in 列表与括号。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "expression".
 */
export type Expression = string;

/**
 * 页面定义：一个页面的筛选栏、表格、工具栏与行操作按钮、对话框、布局区块和权限键。运行时据此渲染页面，不含任何 JavaScript。
 */
export interface Screen {
  /**
   * JSON Schema 地址，编辑器用于补全。
   */
  $schema?: string;
  /**
   * 页面唯一标识，形如 repair.orders（业务域.页面名）。菜单通过它绑定页面。
   */
  id: string;
  /**
   * 页面标题（中文），显示在标签页与面包屑中。
   */
  title: string;
  /**
   * 页面默认所属的服务名，用于权限键。
   */
  service: string;
  /**
   * 按钮权限：名称到权限键的映射。按钮的 permission 引用这里的名称；权限键格式为 方法_服务名_路径。
   */
  permissions?: {
    [k: string]: PermissionKey;
  };
  filter?: Filter;
  table?: Table;
  /**
   * 表格上方的工具栏按钮。
   */
  toolbar?: Button[];
  /**
   * 每行的操作按钮（操作列）。表达式中可用 row 访问当前行。
   */
  rowActions?: Button[];
  /**
   * 对话框：名称到对话框定义的映射，由 dialog 动作按名称打开。
   */
  dialogs?: {
    [k: string]: Dialog;
  };
  /**
   * 布局区块：按顺序显示在表格下方，type 由区块注册表解析，例如 workflow-designer（流程设计器）。
   */
  blocks?: Block[];
}
/**
 * 查询筛选栏。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "filter".
 */
export interface Filter {
  /**
   * 每行列数，默认 4。
   */
  cols?: number;
  /**
   * 标签宽度（像素），默认 80。
   */
  labelWidth?: number;
  fields: Field[];
}
/**
 * 表单字段（筛选栏与对话框表单共用）。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "field".
 */
export interface Field {
  /**
   * 字段名。含 | 的名称（如 createdFrom|createdTo）是区间字段，提交时拆成两个字段。
   */
  fieldName: string;
  /**
   * 字段标签（中文）。
   */
  label: string;
  /**
   * 控件类型，由控件注册表解析（开放枚举），例如 input、number、select、textarea、date、date-range。
   */
  type: string;
  /**
   * 必填。
   */
  required?: boolean;
  /**
   * 占位提示文字。
   */
  placeholder?: string;
  /**
   * 默认值。
   */
  defaultValue?: string | number | boolean | (string | number)[];
  /**
   * 数据字典类型编码，选项取自字典（codeId 为值，codeCnDesc 为文字）。
   */
  dict?: string;
  /**
   * 静态选项列表。
   */
  options?: Option[];
  request?: Request;
  /**
   * 多选（select）。
   */
  multiple?: boolean;
  /**
   * 命名格式校验：vin（17位车架号含校验位）、plate（车牌号）、mobile（手机号）。
   */
  format?: "vin" | "plate" | "mobile";
  /**
   * 最大长度。
   */
  maxlength?: number;
  /**
   * 数字最小值。
   */
  min?: number;
  /**
   * 数字最大值。
   */
  max?: number;
  /**
   * 数字小数位数。
   */
  precision?: number;
  /**
   * 字段占用的列数（默认 1 列）。
   */
  selfCols?: number;
  /**
   * 禁用：布尔值或表达式（可用 mode、form）。
   */
  disabled?: boolean | string;
  /**
   * 隐藏字段（值仍然提交）。
   */
  hidden?: boolean;
}
/**
 * 选项：value 为值，text 为显示文字。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "option".
 */
export interface Option {
  value: string | number | boolean;
  text: string;
  disabled?: boolean;
}
/**
 * 远程选项：调用 api，取返回 data（或 datakey 指定的路径）中的列表，按 valueKey/textKey 映射为选项。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "request".
 */
export interface Request {
  api: ApiRef;
  /**
   * 请求参数。
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * 列表在 data 中的路径，例如 records 或 page.items。
   */
  datakey?: string;
  /**
   * 选项值字段名。
   */
  valueKey?: string;
  /**
   * 选项文字字段名。
   */
  textKey?: string;
}
/**
 * 数据表格（服务端分页）。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "table".
 */
export interface Table {
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  api: string;
  /**
   * 行主键字段。
   */
  rowKey?: string;
  /**
   * 行选择：单选或多选。
   */
  selection?: "radio" | "checkbox";
  /**
   * 默认每页条数。
   */
  pageSize?: number;
  /**
   * 可选每页条数。
   */
  pageSizes?: number[];
  /**
   * @minItems 1
   */
  columns: [Column, ...Column[]];
}
/**
 * 表格列。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "column".
 */
export interface Column {
  /**
   * 列标题。
   */
  title: string;
  /**
   * 取值字段名。
   */
  dataIndex: string;
  /**
   * 列宽（像素）。
   */
  width?: number;
  /**
   * 固定在左侧或右侧。
   */
  fixed?: "left" | "right";
  /**
   * 对齐方式。
   */
  align?: "left" | "center" | "right";
  /**
   * 可排序（服务端排序，参数 sort=字段|asc 或 字段|desc）。
   */
  sorter?: boolean;
  /**
   * 默认隐藏。
   */
  hidden?: boolean;
  /**
   * 字典类型编码，单元格显示 codeCnDesc。
   */
  dict?: string;
  /**
   * 显示类型：money 保留两位小数并分组千位。
   */
  type?: "text" | "number" | "money" | "date" | "datetime";
}
/**
 * 按钮：文字、权限与动作。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "button".
 */
export interface Button {
  /**
   * 按钮文字。
   */
  label: string;
  /**
   * 权限名称（引用 permissions 中的键）；当前菜单的权限列表不含该权限键时按钮隐藏。
   */
  permission?: string;
  /**
   * 主按钮样式。
   */
  primary?: boolean;
  /**
   * 危险按钮样式。
   */
  danger?: boolean;
  /**
   * 显示条件表达式（行操作中可用 row）。
   */
  visible?: string;
  action: Action;
}
/**
 * 对话框：标题、宽度、表单、加载与提交接口。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "dialog".
 */
export interface Dialog {
  /**
   * 对话框标题；新增时前缀 新增，编辑时前缀 编辑。
   */
  title: string;
  /**
   * 宽度，默认 60%。
   */
  width?: string | number;
  form: Form;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  load?: string;
  /**
   * 提交接口：add 用于新增，edit 用于编辑。
   */
  submit?: {
    add?: ApiRef;
    edit?: ApiRef;
  };
}
/**
 * 表单：栅格 24 列，按 cols 等分。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "form".
 */
export interface Form {
  /**
   * 每行列数。
   */
  cols?: number;
  /**
   * 标签宽度（像素）。
   */
  labelWidth?: number;
  /**
   * @minItems 1
   */
  fields: [Field, ...Field[]];
}
/**
 * 布局区块：type 由区块注册表解析（开放枚举）；其余属性注明适用的区块类型。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "block".
 */
export interface Block {
  /**
   * 区块类型。
   */
  type: string;
  /**
   * 区块标题，显示在区块上方。
   */
  title?: string;
  /**
   * 区块调用的服务名，缺省为页面的 service。workflow-designer：流程服务（definition/... 接口）。
   */
  service?: string;
  /**
   * 权限名称（引用 permissions 中的键）：当前菜单的权限列表不含该权限键时，区块的保存操作隐藏。workflow-designer：保存 到服务器。
   */
  permission?: string;
  /**
   * 区块高度（像素）。workflow-designer 默认 640。
   */
  height?: number;
  /**
   * workflow-designer：打开的流程定义（流程 ID）；缺省时打开表格中选中的行（行的 processId），未选中时新建流程。
   */
  processId?: string;
}
