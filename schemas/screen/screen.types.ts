/* Generated from schemas/screen.schema.json by `npm run schema:types`. Do not edit by hand. */

/**
 * 权限键：方法_服务名_路径，例如 POST_repair_order/repair/orders；或页面的标记键 ALL_服务名_页面路径（如标签管理的营销标记 ALL_customer-marketing_/coordinate/userSelection/TagManagement/index），菜单原样带上。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "permissionKey".
 */
export type PermissionKey = string;
/**
 * 表单字段（筛选栏、对话框表单共用同一表单引擎）。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "field".
 */
export type Field = {
  /**
   * 字段名。含 | 的名称提交时拆成多个字段：区间（如 createdFrom|createdTo）拆成起止两个值，只填一端时两端取同一值；联动选择输入（searchKey|searchValue）拆成所选项与输入值；级联（如 provinceCode|cityCode|countyCode）每级一个值。
   */
  fieldName: string;
  /**
   * 字段标签（中文）。
   */
  label: string;
  /**
   * 控件类型，由控件注册表解析（开放枚举）。图片上传、文件上传、对象存储上传与富文本由各自的功能注册（image-upload、file-upload、oss-upload、rich-text）。
   */
  type: string;
  /**
   * 必填：布尔值或表达式（可用 mode、form，例如 form.repairTypeCode == 'R03'）。级联控件要求选到最后一级。
   */
  required?: boolean | string;
  /**
   * 占位提示文字。
   */
  placeholder?: string;
  /**
   * 默认值（新增与筛选时使用）。区间与级联字段为数组。
   */
  defaultValue?: string | number | boolean | (string | number | null)[];
  /**
   * 本字段的标签宽度（像素），缺省取表单的 labelWidth。
   */
  labelWidth?: number;
  /**
   * 字段占用的列数（默认 1 列；每列宽 24/cols 栅格）。
   */
  selfCols?: number;
  /**
   * 字段左侧留空的列数。
   */
  offsetLeftCols?: number;
  /**
   * 字段右侧留空的列数。
   */
  offsetRightCols?: number;
  /**
   * 隐藏：布尔值或表达式（可用 mode、form）。隐藏的字段不占位，值仍然提交。
   */
  hidden?: boolean | string;
  /**
   * 禁用：布尔值或表达式（可用 mode、form）。
   */
  disabled?: boolean | string;
  /**
   * 值变化后的联动。
   */
  change?: FieldChange[];
  /**
   * 数据字典类型编码，选项取自字典（codeId 为值，codeCnDesc 为文字）。
   */
  dict?: string;
  /**
   * 静态选项列表（规格中的 itemList）。
   */
  options?: Option[];
  request?: Request;
  /**
   * 多选（select、tree-select、consultant、user、dealer-picker、consultant-picker）。
   */
  multiple?: boolean;
  /**
   * quarter：按季度禁用的标志（依次为第 1-4 季度，true 为禁用）。
   *
   * @maxItems 4
   */
  disabledQuarters?:
    [] | [boolean] | [boolean, boolean] | [boolean, boolean, boolean] | [boolean, boolean, boolean, boolean];
  /**
   * 标签模式（select）：可输入选项之外的值，值为文字列表。
   */
  tags?: boolean;
  /**
   * 命名格式校验：vin（17位车架号含校验位）、plate（车牌号，含8位新能源号牌）、mobile（手机号）、idCard（18位居民身份证号含校验码）、creditCode（统一社会信用代码含校验码）。
   */
  format?: "vin" | "plate" | "mobile" | "idCard" | "creditCode";
  /**
   * 输入限制正则（input）：不匹配的输入被拦下，删减文字时不拦。正则须接受有效值的每个前缀，例如 ^[0-9]{0,6}$。
   */
  pattern?: string;
  /**
   * 最大长度；input 默认筛选栏 99999999、表单 999，textarea 默认 200。
   */
  maxlength?: number;
  /**
   * 最小长度（默认 0）。
   */
  minlength?: number;
  /**
   * 数字最小值（默认 0）。
   */
  min?: number;
  /**
   * 数字最大值（默认 99999999）。
   */
  max?: number;
  /**
   * 数字步长（默认 1）。
   */
  step?: number;
  /**
   * 数字小数位数。
   */
  precision?: number;
  /**
   * 可选的最早日期时间。
   */
  minDate?: string;
  /**
   * 可选的最晚日期时间。
   */
  maxDate?: string;
  /**
   * time-select 的开始时间（默认 00:00）。
   */
  timeStart?: string;
  /**
   * time-select 的结束时间（默认 23:45）。
   */
  timeEnd?: string;
  /**
   * time-select 的步长（默认 00:15）。
   */
  timeStep?: string;
  /**
   * checkbox 勾选时的值（默认 '1'）。
   */
  trueValue?: string | number;
  /**
   * checkbox 未勾选时的值（默认 '0'）。
   */
  falseValue?: string | number;
  /**
   * consultant、user：岗位代码（如 FWGW 服务顾问、JS 技师）；缺省或为字符串 null 时列表为空。
   */
  positionCode?: string;
  /**
   * consultant、user：也列出已离职人员（默认只列在职人员）。
   */
  includeLeft?: boolean;
  /**
   * 脱敏类型：只读显示时按类型遮挡，点眼睛图标切换显示。phone：11位手机号（及14位 +86 号码）保留前3后4位。
   */
  mask?: "phone" | "vin" | "name" | "idCard" | "address" | "email";
  lines?: ChildLines;
  /**
   * 批量查询项（input）：输入框后显示按钮，打开“请输入查询项（每行一个）”对话框，多行以逗号连接。
   */
  batch?: boolean;
  /**
   * 上传设置（image-upload 图片上传、file-upload 文件上传、oss-upload 对象存储分片上传、upload-button 通用上传按钮）。
   */
  upload?: {
    /**
     * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
     */
    action?: string;
    /**
     * 随文件以表单字段一并提交的参数。
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * 允许的扩展名（不区分大小写）。图片默认 jpg、png、bmp（允许 jpg 即允许 jpeg）；上传按钮默认 jpg、png、pdf、xls、xlsx；文件上传默认不限。
     */
    types?: string[];
    /**
     * 禁止的扩展名（文件上传）。
     */
    exclude?: string[];
    /**
     * 大小上限（MB）：文件上传默认 50，上传按钮默认 5。照片 10MB、视频 50MB、PDF 10MB 的上限始终有效。
     */
    maxSizeMb?: number;
    /**
     * 最多文件（图片）数，默认 1；大于 1 时值为列表。
     */
    limit?: number;
    /**
     * 图片上传前裁剪（默认比例 5:4）。
     */
    crop?: boolean;
    /**
     * 裁剪比例 [宽, 高]，默认 [5, 4]。
     *
     * @minItems 2
     * @maxItems 2
     */
    cropRatio?: [number, number];
    /**
     * 图片值带文件名：{name, url}；否则为图片地址字符串。
     */
    fileNameMode?: boolean;
    /**
     * 分片上传（oss-upload）的分片大小（MB），默认 5。
     */
    chunkSizeMb?: number;
    /**
     * 分片上传的存储桶类型，默认 file。
     */
    bucketType?: string;
    /**
     * 超出文件数时显示的提示文字（默认：最多只能上传{N}个文件）。
     */
    tip?: string;
  };
};
/**
 * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "expression".
 */
export type Expression = string;
/**
 * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "apiRef".
 */
export type ApiRef = string;
/**
 * 按钮动作，type 由动作注册表解析（开放枚举），例如 dialog、api、confirm、reload；可编辑表格用 addRow（新增行）、deleteRows（删除选中行）、saveRows（一次提交新增、修改与删除的行）；exportExcel 在浏览器中导出当前查询的全部行，exportJob 调用导出函数 exportMethod（由下载中心生成文件，或 exportType 为 arraybuffer 时直接下载文件），download 下载接口返回的文件；importExcel 打开 Excel 导入对话框。
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
   * dialog 动作：要打开的对话框名称。drawer 动作：在抽屉中以只读面板显示该对话框的字段。
   */
  dialog?: string;
  /**
   * drawer 动作：抽屉打开的方向，默认 right。
   */
  placement?: "right" | "left" | "top" | "bottom";
  /**
   * drawer 动作：左右抽屉的宽度，默认 500，或 70%。
   */
  width?: 500 | "70%";
  /**
   * print 动作：打印模板名称（如 repair-order）。
   */
  template?: string;
  /**
   * print 动作：纸张方向，默认 vertical（纵向）。
   */
  direction?: "vertical" | "horizontal";
  /**
   * print 动作：打印份数，默认 1。
   */
  printCopies?: number;
  /**
   * print 动作：通过本地打印服务直接打印，不先预览。
   */
  alwaysPrint?: boolean;
  /**
   * dialog 动作：表单模式；在行操作中默认 edit，在工具栏中默认 add。
   */
  mode?: "add" | "edit" | "show";
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  api?: string;
  /**
   * confirm 动作：标题，默认 提示信息。drawer 动作：抽屉标题，默认对话框标题。
   */
  title?: string;
  /**
   * confirm 动作：提示内容，默认 确认进行此操作?（可用 row、selection）。bulk 动作：确认内容，默认 确认对选中的 N 条数据进行此操作?（可用 selection、count）。
   */
  message?: string;
  /**
   * api 与 saveRows 动作：成功后的提示，默认 操作成功 与 保存成功（api 可用 row）。bulk 动作：全部成功后的提示，默认 已成功处理 N 条（可用 selection、count）。
   */
  successMessage?: string;
  /**
   * navigate 动作：要打开的菜单路径（如 /repair/orders），在标签页中打开；目标页面的筛选栏显示 params 的取值并按其查询，页面上方显示 返回（回到来源页面）。
   */
  to?: string;
  /**
   * navigate 动作：参数名（目标页面筛选字段名）到表达式的映射，可用 row（行操作）与 selection，例如 {"vin": "row.vin"}。api 与 print 动作：查询参数名到表达式的映射（可用 row），例如 {"id": "row.id", "lockType": "'lock'"}。
   */
  params?: {
    [k: string]: Expression;
  };
  /**
   * postSelection 动作：回传消息的 type（如 dms:selectCrowd）。把表格选中的行以 {type, <messageKey>: 行列表} 回传给嵌入或打开本页的窗口（仅限同源）；未在主系统中打开时只提示选中的条数（message，可用 count）。成功提示为 successMessage（可用 count、selection）。
   */
  messageType?: string;
  /**
   * postSelection 动作：回传消息中行列表的属性名，默认 rows。
   */
  messageKey?: string;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  record?: string;
  /**
   * bulk 动作：失败明细中标识一行的文字，模板中可用行的字段（例如 ${roNo}），默认行主键。
   */
  rowLabel?: string;
  /**
   * exportExcel 与 exportJob 动作：导出文件名，默认 表格数据.xlsx（下载中心导出缺省由服务端命名）。
   */
  exportName?: string;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  exportMethod?: string;
  /**
   * exportJob 动作：导出接口的返回类型。text（默认）：返回 JSON，resultCode 200 即已建下载中心导出任务，随后询问是否前往下载中心；arraybuffer：直接返回 Excel 文件，按 arraybuffer 读取并保存（文件名取 exportName、服务端给出的文件名或 表格数据.xlsx）。
   */
  exportType?: "text" | "arraybuffer";
  /**
   * exportExcel 与 exportJob 动作：与查询条件合并后一并提交的附加参数。
   */
  exportParams?: {
    [k: string]: string | number | boolean;
  };
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  statusApi?: string;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  templateApi?: string;
  then?: Action;
};
/**
 * 文字模板：${} 中为表达式（与 expression 同一语言），其余原样显示，例如 已选择 ${count} 条；\${ 表示字面的 ${。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "template".
 */
export type Template = string;
/**
 * 记录页面的一个标签页。fields：字段分组（只读显示，编辑状态下可编辑）；lines：子表明细（编辑状态下可增删改，与主记录一并保存）；related：相关列表（另一个页面的表格，按本记录的字段筛选，带其自身的按钮）；attachments：附件（本记录的文件与图片字段，或 api 返回的记录中的文件）；audit：操作历史（审计日志的时间线：谁、何时、做了什么、改了哪些字段）；process：审批历史（流程图，当前节点高亮，及审批记录）。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "recordPageTab".
 */
export type RecordPageTab = {
  /**
   * 标签页类型。
   */
  type: "fields" | "lines" | "related" | "attachments" | "audit" | "process";
  /**
   * 标签页标题（中文）。
   */
  title: string;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  visible?: string;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  disabled?: string;
  /**
   * fields：本组的字段（与对话框表单同一写法）。
   */
  fields?: Field[];
  /**
   * fields：每行列数，默认 3。
   */
  cols?: number;
  lines?: Field1;
  /**
   * related：相关列表的页面标识（如 repair.orders）；attachments：取附件的接口所属页面（请求在该页面的菜单下发出）。
   */
  screen?: string;
  /**
   * related 与 attachments：筛选参数名到表达式的映射，可用 record（本记录），例如 {"vin": "record.vin"}。
   */
  params?: {
    [k: string]: Expression;
  };
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  api?: string;
  /**
   * attachments：文件与图片字段名：本记录的字段，或 api 返回的每条记录的字段。
   *
   * @minItems 1
   */
  files?: [string, ...string[]];
};
/**
 * 表单字段（筛选栏、对话框表单共用同一表单引擎）。
 */
export type Field1 = {
  /**
   * 字段名。含 | 的名称提交时拆成多个字段：区间（如 createdFrom|createdTo）拆成起止两个值，只填一端时两端取同一值；联动选择输入（searchKey|searchValue）拆成所选项与输入值；级联（如 provinceCode|cityCode|countyCode）每级一个值。
   */
  fieldName: string;
  /**
   * 字段标签（中文）。
   */
  label: string;
  /**
   * 控件类型，由控件注册表解析（开放枚举）。图片上传、文件上传、对象存储上传与富文本由各自的功能注册（image-upload、file-upload、oss-upload、rich-text）。
   */
  type: string;
  /**
   * 必填：布尔值或表达式（可用 mode、form，例如 form.repairTypeCode == 'R03'）。级联控件要求选到最后一级。
   */
  required?: boolean | string;
  /**
   * 占位提示文字。
   */
  placeholder?: string;
  /**
   * 默认值（新增与筛选时使用）。区间与级联字段为数组。
   */
  defaultValue?: string | number | boolean | (string | number | null)[];
  /**
   * 本字段的标签宽度（像素），缺省取表单的 labelWidth。
   */
  labelWidth?: number;
  /**
   * 字段占用的列数（默认 1 列；每列宽 24/cols 栅格）。
   */
  selfCols?: number;
  /**
   * 字段左侧留空的列数。
   */
  offsetLeftCols?: number;
  /**
   * 字段右侧留空的列数。
   */
  offsetRightCols?: number;
  /**
   * 隐藏：布尔值或表达式（可用 mode、form）。隐藏的字段不占位，值仍然提交。
   */
  hidden?: boolean | string;
  /**
   * 禁用：布尔值或表达式（可用 mode、form）。
   */
  disabled?: boolean | string;
  /**
   * 值变化后的联动。
   */
  change?: FieldChange[];
  /**
   * 数据字典类型编码，选项取自字典（codeId 为值，codeCnDesc 为文字）。
   */
  dict?: string;
  /**
   * 静态选项列表（规格中的 itemList）。
   */
  options?: Option[];
  request?: Request;
  /**
   * 多选（select、tree-select、consultant、user、dealer-picker、consultant-picker）。
   */
  multiple?: boolean;
  /**
   * quarter：按季度禁用的标志（依次为第 1-4 季度，true 为禁用）。
   *
   * @maxItems 4
   */
  disabledQuarters?:
    [] | [boolean] | [boolean, boolean] | [boolean, boolean, boolean] | [boolean, boolean, boolean, boolean];
  /**
   * 标签模式（select）：可输入选项之外的值，值为文字列表。
   */
  tags?: boolean;
  /**
   * 命名格式校验：vin（17位车架号含校验位）、plate（车牌号，含8位新能源号牌）、mobile（手机号）、idCard（18位居民身份证号含校验码）、creditCode（统一社会信用代码含校验码）。
   */
  format?: "vin" | "plate" | "mobile" | "idCard" | "creditCode";
  /**
   * 输入限制正则（input）：不匹配的输入被拦下，删减文字时不拦。正则须接受有效值的每个前缀，例如 ^[0-9]{0,6}$。
   */
  pattern?: string;
  /**
   * 最大长度；input 默认筛选栏 99999999、表单 999，textarea 默认 200。
   */
  maxlength?: number;
  /**
   * 最小长度（默认 0）。
   */
  minlength?: number;
  /**
   * 数字最小值（默认 0）。
   */
  min?: number;
  /**
   * 数字最大值（默认 99999999）。
   */
  max?: number;
  /**
   * 数字步长（默认 1）。
   */
  step?: number;
  /**
   * 数字小数位数。
   */
  precision?: number;
  /**
   * 可选的最早日期时间。
   */
  minDate?: string;
  /**
   * 可选的最晚日期时间。
   */
  maxDate?: string;
  /**
   * time-select 的开始时间（默认 00:00）。
   */
  timeStart?: string;
  /**
   * time-select 的结束时间（默认 23:45）。
   */
  timeEnd?: string;
  /**
   * time-select 的步长（默认 00:15）。
   */
  timeStep?: string;
  /**
   * checkbox 勾选时的值（默认 '1'）。
   */
  trueValue?: string | number;
  /**
   * checkbox 未勾选时的值（默认 '0'）。
   */
  falseValue?: string | number;
  /**
   * consultant、user：岗位代码（如 FWGW 服务顾问、JS 技师）；缺省或为字符串 null 时列表为空。
   */
  positionCode?: string;
  /**
   * consultant、user：也列出已离职人员（默认只列在职人员）。
   */
  includeLeft?: boolean;
  /**
   * 脱敏类型：只读显示时按类型遮挡，点眼睛图标切换显示。phone：11位手机号（及14位 +86 号码）保留前3后4位。
   */
  mask?: "phone" | "vin" | "name" | "idCard" | "address" | "email";
  lines?: ChildLines;
  /**
   * 批量查询项（input）：输入框后显示按钮，打开“请输入查询项（每行一个）”对话框，多行以逗号连接。
   */
  batch?: boolean;
  /**
   * 上传设置（image-upload 图片上传、file-upload 文件上传、oss-upload 对象存储分片上传、upload-button 通用上传按钮）。
   */
  upload?: {
    /**
     * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
     */
    action?: string;
    /**
     * 随文件以表单字段一并提交的参数。
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * 允许的扩展名（不区分大小写）。图片默认 jpg、png、bmp（允许 jpg 即允许 jpeg）；上传按钮默认 jpg、png、pdf、xls、xlsx；文件上传默认不限。
     */
    types?: string[];
    /**
     * 禁止的扩展名（文件上传）。
     */
    exclude?: string[];
    /**
     * 大小上限（MB）：文件上传默认 50，上传按钮默认 5。照片 10MB、视频 50MB、PDF 10MB 的上限始终有效。
     */
    maxSizeMb?: number;
    /**
     * 最多文件（图片）数，默认 1；大于 1 时值为列表。
     */
    limit?: number;
    /**
     * 图片上传前裁剪（默认比例 5:4）。
     */
    crop?: boolean;
    /**
     * 裁剪比例 [宽, 高]，默认 [5, 4]。
     *
     * @minItems 2
     * @maxItems 2
     */
    cropRatio?: [number, number];
    /**
     * 图片值带文件名：{name, url}；否则为图片地址字符串。
     */
    fileNameMode?: boolean;
    /**
     * 分片上传（oss-upload）的分片大小（MB），默认 5。
     */
    chunkSizeMb?: number;
    /**
     * 分片上传的存储桶类型，默认 file。
     */
    bucketType?: string;
    /**
     * 超出文件数时显示的提示文字（默认：最多只能上传{N}个文件）。
     */
    tip?: string;
  };
};
/**
 * 服务名，由服务注册表（运行时配置 services）解析为接口前缀，例如 repair、dict、auth。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "serviceName".
 */
export type ServiceName = string;
/**
 * 日期边界：today（今天）、now（此刻）、YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "dateBound".
 */
export type DateBound = string;
/**
 * 时刻 HH:mm。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "clockTime".
 */
export type ClockTime = string;

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
   * 布局区块：按顺序显示在表格下方，type 由区块注册表解析，例如 workflow-designer（流程设计器）、descriptions（一条记录的 标签: 值）；table 区块把页面的工具栏与表格放在它所在的位置（页面须有 table，至多一个）。
   */
  blocks?: Block[];
  menu?: Menu;
  record?: RecordPage;
}
/**
 * 查询筛选栏：与表单同一引擎；每行 cols 列，收起时显示 rows 行（查询、重置按钮占最后一列），字段多于可显示数时默认收起并显示 展开/收起。回车查询。
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
   * 收起时显示的行数，默认 1。
   */
  rows?: number;
  /**
   * 标签宽度（像素），默认 80。
   */
  labelWidth?: number;
  fields: Field[];
  /**
   * 自定义查询方案：筛选栏上方可选用、保存（可共享给本店）、删除命名的查询条件与显示列（GET /api/dms.ws.order/test/testList、testAddList）。true 按当前菜单保存；独立页面（无菜单）写方案键，如 selectCrowd。
   */
  schemes?: boolean | string;
}
/**
 * 字段值变化后的联动（规格中的 change 处理函数，此处为声明式）：满足 when 时清空 clear 中的字段，并把 set 中各字段设为表达式的值。表达式中可用 value（新值）、form（表单值）、mode。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "fieldChange".
 */
export interface FieldChange {
  /**
   * 条件表达式；缺省时总是执行。
   */
  when?: string;
  /**
   * 要清空的字段名。
   */
  clear?: string[];
  /**
   * 字段名到表达式的映射。
   */
  set?: {
    [k: string]: Expression;
  };
}
/**
 * 选项（规格中的 itemList 项）：value 为值，text 为显示文字；可禁用、带颜色与标签列表；树形控件（tree-select、cascader、cascader-group）用 children 嵌套下级。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "option".
 */
export interface Option {
  value: string | number | boolean;
  text: string;
  /**
   * 不可选。
   */
  disabled?: boolean;
  /**
   * 颜色（CSS 颜色，如 #52c41a 或 red），选项前显示色块。
   */
  color?: string;
  /**
   * 标签列表，显示在选项文字之后。
   */
  labelList?: string[];
  /**
   * 下级选项（树形与级联控件）。
   */
  children?: Option[];
}
/**
 * 远程选项（规格中的 request{fetchApi, params, datakey, valueKey, textKey}，fetchApi 此处写作 api）：调用 api，取返回 data（或 datakey 指定的路径）中的列表，按 valueKey/textKey 映射为选项。api 路径中的 {name} 取自表单中同名字段的值，该值为空时不请求。
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
  /**
   * 下级列表字段名（树形与级联控件）。
   */
  childrenKey?: string;
  /**
   * 远程搜索：输入的文字以此参数名并入 params 后重新请求（select）。
   */
  searchParam?: string;
}
/**
 * child-lines：表单中的子表明细（绑定模型的 children，与主记录一次提交）。每行按 columns 编辑，可新增、复制、删除；计算列与合计随输入即时更新（服务端按模型的 compute 精确计算并保存）。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "childLines".
 */
export interface ChildLines {
  /**
   * @minItems 1
   */
  columns: [LineColumn, ...LineColumn[]];
  /**
   * 明细下方的合计：value 为表达式，可用 lines（含计算列的各行）与 form，例如 sum(lines, 'amount')。
   */
  totals?: {
    label: string;
    value: Expression;
    /**
     * 显示的小数位数（千分位），缺省原样显示。
     */
    precision?: number;
  }[];
  /**
   * 最多行数（默认 1000，与模型 children 的 maxRows 一致）。
   */
  maxRows?: number;
}
/**
 * 子表明细的一列。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "lineColumn".
 */
export interface LineColumn {
  /**
   * 行内字段名（模型子表的字段）。
   */
  name: string;
  title: string;
  /**
   * text 文本输入；number 数字输入（值为精确的数字文本）；select 从 options 中选择。
   */
  type?: "text" | "number" | "select";
  /**
   * select：可选的值与显示文字；只读列也按它显示文字。
   */
  options?: Option[];
  /**
   * select 与只读列：选项取自该数据字典类型。
   */
  dict?: string;
  request?: Request1;
  /**
   * 只读：显示服务端给出的值（如按收费区分取的单价、项目状态），不可输入。
   */
  readOnly?: boolean;
  /**
   * 必填。
   */
  required?: boolean;
  /**
   * number：最小值（默认 0）。
   */
  min?: number;
  /**
   * number：最大值（默认 99999999）。
   */
  max?: number;
  /**
   * number 与计算列：小数位数。
   */
  precision?: number;
  /**
   * text：最大长度。
   */
  maxlength?: number;
  /**
   * 列宽（像素）。
   */
  width?: number;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  compute?: string;
}
/**
 * 远程选项（规格中的 request{fetchApi, params, datakey, valueKey, textKey}，fetchApi 此处写作 api）：调用 api，取返回 data（或 datakey 指定的路径）中的列表，按 valueKey/textKey 映射为选项。api 路径中的 {name} 取自表单中同名字段的值，该值为空时不请求。
 */
export interface Request1 {
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
  /**
   * 下级列表字段名（树形与级联控件）。
   */
  childrenKey?: string;
  /**
   * 远程搜索：输入的文字以此参数名并入 params 后重新请求（select）。
   */
  searchParam?: string;
}
/**
 * 数据表格：分页、排序、表头筛选、行选择、列筛选排序、合计行与可编辑单元格。
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
   * 默认每页条数，缺省 20。
   */
  pageSize?: number;
  /**
   * 可选每页条数，缺省 10、20、50、100。
   */
  pageSizes?: number[];
  /**
   * 分页（默认）：由服务端分页、排序与表头筛选。false：一次取回全部数据（至多 100000 条），在浏览器中排序与筛选，全部行在一个滚动区域内。
   */
  pagination?: boolean;
  /**
   * 表格高度：像素（至少 140），或 auto（默认）填满可视区域、至少 450。
   */
  height?: number | "auto";
  /**
   * 编辑权限名称（引用 permissions 中的键）：当前菜单的权限列表不含该权限键时表格只读，单元格不可编辑；缺省时可编辑列总可编辑。
   */
  editPermission?: string;
  /**
   * 显示 列筛选排序 下拉：勾选显示或隐藏列、拖动排序，按用户保存在服务端。
   */
  columnPicker?: boolean;
  /**
   * 新增行的默认值：字段名到取值。
   */
  newRow?: {
    [k: string]: string | number | boolean | (string | number)[] | null;
  };
  /**
   * @minItems 1
   */
  columns: [Column, ...Column[]];
}
/**
 * 表格列。带 children 的列是分组表头：dataIndex 作为分组标识，自身不取值。
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
   * 取值字段名（列的唯一标识）。
   */
  dataIndex: string;
  /**
   * 列宽（像素）；缺省时按标题估算：每个字 14 加 65。
   */
  width?: number;
  /**
   * 拖动调整列宽时的最小宽度（像素）。
   */
  minWidth?: number;
  /**
   * 固定在左侧或右侧。
   */
  fixed?: "left" | "right";
  /**
   * 对齐方式；数字、金额、百分比默认右对齐。
   */
  align?: "left" | "center" | "right";
  /**
   * 可排序：点击表头在升序、降序、不排序间切换；分页表格由服务端排序（参数 sort=字段|asc 或 字段|desc）。
   */
  sorter?: boolean;
  /**
   * 默认隐藏（可在 列筛选排序 中勾选显示）。
   */
  hidden?: boolean;
  /**
   * 不在 列筛选排序 中列出：始终显示，不可隐藏。
   */
  hiddenFilter?: boolean;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  visible?: string;
  link?: CellLink;
  /**
   * 分组表头名称：同名的列归入一个分组表头（位置取第一列）。
   */
  groupName?: string;
  /**
   * 子列：本列作为分组表头。
   *
   * @minItems 1
   */
  children?: [Column, ...Column[]];
  /**
   * 单元格渲染器名称，由单元格渲染器注册表解析（开放枚举）：tag 以标签显示选项文字，signed 负数红色、正数绿色，progress 以进度条显示 0 到 100 的百分比。
   */
  render?: string;
  /**
   * 显示类型：number 千分位分组；money 千分位并保留两位小数；percent 比率显示为百分比并保留一位小数（0.125 显示 12.5%）；date、datetime 按 dateFormat 显示。
   */
  type?: "text" | "number" | "money" | "percent" | "date" | "datetime";
  /**
   * 日期显示与编辑格式（dayjs 格式），date 默认 YYYY-MM-DD，datetime 默认 YYYY-MM-DD HH:mm:ss。
   */
  dateFormat?: string;
  /**
   * 字典类型编码，单元格显示 codeCnDesc。
   */
  dict?: string;
  request?: Request;
  /**
   * 脱敏类型：表头显示眼睛开关，开启（默认）时按类型脱敏显示。
   */
  mask?: "phone" | "vin" | "name" | "idCard" | "address" | "email";
  /**
   * 合计：表格底部合计行显示本列之和，保留两位小数。
   */
  summation?: boolean;
  /**
   * 可编辑：布尔值或表达式（可用 row，例如 row.isNewRow 表示仅新增行可编辑）。单击单元格进入编辑。
   */
  editable?: boolean | string;
  /**
   * 编辑控件：输入框、数字、下拉单选、下拉多选、复选框、日期。
   */
  editType?: "input" | "number" | "select" | "select-multiple" | "checkbox" | "date-picker";
  /**
   * 下拉与复选框的选项（value、text），也用于显示文字（远程选项用 request）；复选框取第一项为勾选值、第二项为未勾选值，缺省 '1' 与 '0'。
   */
  editItems?: Option[];
  /**
   * 必填：失焦时为空提示 {标题}不能为空。
   */
  editRequired?: boolean;
  /**
   * 格式校验正则：失焦时不匹配提示 {标题}格式不正确。
   */
  editPattern?: string;
  /**
   * 数字编辑的小数位数；0 不允许小数。
   */
  precision?: number;
  /**
   * 数字编辑的最小值；为 0 时不允许输入负号。
   */
  min?: number;
  /**
   * 数字编辑的最大值。
   */
  max?: number;
  /**
   * 输入框最大长度。
   */
  maxlength?: number;
  searchHelper?: SearchHelper;
  /**
   * 表头筛选：表头显示筛选图标，点击弹出筛选框。
   */
  filter?: boolean;
  /**
   * 表头筛选类型：文本、数字区间、多选、单选、日期区间。
   */
  filterType?: "input" | "number" | "checkbox" | "radio" | "date-range";
  /**
   * 多选与单选筛选的选项（value、text）；缺省时取列的 editItems、dict 或 request。
   */
  filterItems?: Option[];
  /**
   * 表头筛选提交的参数名；区间筛选写作 起|止（如 createdFrom|createdTo）；缺省为 dataIndex，区间为 dataIndexFrom|dataIndexTo。
   */
  filterField?: string;
  /**
   * 可折叠列组：本列表头显示 -/+，点 - 隐藏这些列（dataIndex 列表），点 + 重新显示。
   *
   * @minItems 1
   */
  flex?: [string, ...string[]];
  /**
   * 与 flex 配合：仅在列组折叠时显示的列（dataIndex 列表），例如用一列小计代替明细。
   *
   * @minItems 1
   */
  flexList?: [string, ...string[]];
}
/**
 * 单元格链接：单元格文字显示为链接，点击（或聚焦单元格后按回车）打开。record 为 true 时打开记录页 #/<菜单地址>/<行的 idField>（缺省为本页面的菜单地址）；否则打开 screen 页面，其筛选栏取 params 指定的本行字段值。都带 返回 到本页面的路径。用户没有目标页面的菜单时单元格只显示文字。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "cellLink".
 */
export interface CellLink {
  /**
   * 打开记录页（按行的 ID）。
   */
  record?: boolean;
  /**
   * 目标页面标识（如 repair.orders），按用户菜单中打开该页面的菜单项确定地址；record 为 true 时缺省为本页面。
   */
  screen?: string;
  /**
   * record：记录 ID 取自本行的哪个字段（本表的列或 rowKey），缺省为表格的 rowKey。
   */
  idField?: string;
  /**
   * 打开 screen 时的参数：目标页面筛选字段名到本行字段名（本表的列或 rowKey）的映射，例如 {"vin": "vin"}；值为空的参数不带。
   */
  params?: {
    [k: string]: string;
  };
}
/**
 * 搜索帮助：编辑时按输入的文字调用 api 查询，只能从结果中选择；选中后单元格取 valueKey，并按 fill 回填本行其它字段。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "searchHelper".
 */
export interface SearchHelper {
  api: ApiRef;
  /**
   * 输入文字作为哪个查询参数发送，默认 keyword。
   */
  queryParam?: string;
  /**
   * 列表在 data 中的路径，例如 records 或 page.items。
   */
  datakey?: string;
  /**
   * 选中后写入单元格的字段。
   */
  valueKey?: string;
  /**
   * 下拉中显示的文字字段。
   */
  textKey?: string;
  /**
   * 回填：本行字段名到查询结果字段名的映射。
   */
  fill?: {
    [k: string]: string;
  };
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
   * 权限名称（引用 permissions 中的键）；当前菜单的权限列表不含该权限键时按钮隐藏；当前菜单存有操作列表（菜单ID-操作A,操作B）时，该名称也须在列表中。
   */
  permission?: string;
  /**
   * 控件代码：用户信息的控件列表（ctrlCode）不含该代码时按钮隐藏。
   */
  control?: string;
  /**
   * 主按钮样式。
   */
  primary?: boolean;
  /**
   * 危险按钮样式。
   */
  danger?: boolean;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  visible?: string;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  disabled?: string;
  /**
   * 禁用时鼠标悬停显示的原因（文字模板，可用与 disabled 相同的值），如 已结算的工单不能修改。
   */
  disabledReason?: string;
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
 * 表单：栅格 24 列，按 cols 等分；新增模式显示 保 存 与 重 置，编辑模式显示 修 改 与 重 置，查看模式禁用全部字段并隐藏空的文本框。
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
   * 可收起：默认只显示 rows 行，下方显示 展开/收起。
   */
  collapsible?: boolean;
  /**
   * 可收起时收起状态显示的行数，默认 2。
   */
  rows?: number;
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
   * 宽屏时所占列数（共 24 列，默认 24）：相邻区块合计不超过 24 列时并排，同一行的区块伸展占满该行（邻近区块不显示时独占一行）；窄屏时每个区块占整行。
   */
  span?: number;
  /**
   * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
   */
  visible?: string;
  /**
   * 区块调用的服务名，缺省为页面的 service。workflow-designer：流程服务（definition/... 接口）。
   */
  service?: string;
  /**
   * 权限名称（引用 permissions 中的键）：当前菜单的权限列表不含该权限键时，区块的保存操作隐藏。workflow-designer：保存 到服务器。
   */
  permission?: string;
  /**
   * 区块高度（像素）。workflow-designer 默认 640，chart 默认 360。
   */
  height?: number;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  api?: string;
  /**
   * chart、bars、descriptions、figures：接口的查询参数。
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * chart：图表类型，默认 line。
   */
  chart?: "line" | "bar" | "pie";
  /**
   * chart、bars：横轴（饼图为扇区名称）取自数据的字段。
   */
  xField?: string;
  /**
   * chart：数据系列，每项为数值字段与图例名称。bars：一个系列（柱高取自该数值字段）。
   *
   * @minItems 1
   */
  series?: [
    {
      field: string;
      name: string;
    },
    ...{
      field: string;
      name: string;
    }[]
  ];
  /**
   * anchor：锚点导航的各节（标题与区块）；侧边目录列出各节标题，滚动超过 60 像素后显示 置顶 与 置底。
   *
   * @minItems 1
   */
  sections?: [
    {
      title: string;
      blocks: Block[];
    },
    ...{
      title: string;
      blocks: Block[];
    }[]
  ];
  /**
   * tabs：懒加载标签页，首次选中时才渲染；keepAlive 为 true 时切走后保留，否则切走即销毁。
   *
   * @minItems 1
   */
  tabs?: [
    {
      title: string;
      /**
       * 切走后保留（默认）或销毁。
       */
      keepAlive?: boolean;
      /**
       * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
       */
      visible?: string;
      /**
       * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
       */
      disabled?: string;
      blocks: Block[];
    },
    ...{
      title: string;
      /**
       * 切走后保留（默认）或销毁。
       */
      keepAlive?: boolean;
      /**
       * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
       */
      visible?: string;
      /**
       * 安全表达式（不执行 JavaScript）：字面量、变量与成员访问（row.status、form.vin、mode）、算术 + - * /、比较 == != > >= < <=、逻辑 && || !、in 列表、括号、模板字符串（`工单 ${roNo}`）与函数 if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format。
       */
      disabled?: string;
      blocks: Block[];
    }[]
  ];
  /**
   * workflow-designer：打开的流程定义（流程 ID）；缺省时打开表格中选中的行（行的 processId），未选中时新建流程。
   */
  processId?: string;
  /**
   * processHistory：单据的模型名（如 repairOrder）；显示该单据最近一次流程的流程图（当前节点高亮）与审批记录。
   */
  model?: string;
  /**
   * processHistory：单据 ID；缺省时取表格选中的行（行的 id）。
   */
  recordId?: number;
  dashboard?: Dashboard;
  /**
   * descriptions：显示的字段（标签: 值），字段名取自记录；dict、options 显示为选项文字，mask 脱敏显示（点眼睛图标切换）。
   *
   * @minItems 1
   */
  fields?: [Field, ...Field[]];
  /**
   * descriptions：记录在答复 data 中的路径（如 vehicle）；缺省为 data 本身。
   */
  datakey?: string;
  /**
   * descriptions：每行列数，默认 4。
   */
  cols?: number;
  /**
   * descriptions：筛选字段名；已提交的筛选条件中这些字段全为空时不请求，显示 emptyText。
   *
   * @minItems 1
   */
  requires?: [string, ...string[]];
  /**
   * descriptions：没有记录（未给出 requires 中的条件，或未查到）时显示的文字。list：列表为空时的文字。menus：没有菜单（未收藏）时的文字。
   */
  emptyText?: string;
  /**
   * welcome：问候语（文字模板，可用 user、filter、params），如 您好，${user.employeeName}。
   */
  text?: string;
  /**
   * welcome：问候语下的 标签: 值（值为文字模板，可用 user、filter、params；为空时显示 —）。
   *
   * @minItems 1
   */
  facts?: [
    {
      label: string;
      value: Template;
    },
    ...{
      label: string;
      value: Template;
    }[]
  ];
  /**
   * figures：一行数值（标题在上、数值在下），取自 api 答复的字段；右上角 刷新 重新请求。
   *
   * @minItems 1
   */
  figures?: [
    {
      label: string;
      field: string;
      /**
       * number 千分位分组；money 千分位并保留两位小数。
       */
      type?: "number" | "money";
    },
    ...{
      label: string;
      field: string;
      /**
       * number 千分位分组；money 千分位并保留两位小数。
       */
      type?: "number" | "money";
    }[]
  ];
  /**
   * bars：数值的单位（悬停提示中显示，如 单）。
   */
  unit?: string;
  /**
   * list：一个或多个列表（多个时为标签页），各自的接口答复一页记录（total、items）。
   *
   * @minItems 1
   */
  lists?: [
    {
      /**
       * 文字模板：${} 中为表达式（与 expression 同一语言），其余原样显示，例如 已选择 ${count} 条；\${ 表示字面的 ${。
       */
      title: string;
      api: ApiRef;
      /**
       * 接口的查询参数。
       */
      params?: {
        [k: string]: string | number | boolean;
      };
    },
    ...{
      /**
       * 文字模板：${} 中为表达式（与 expression 同一语言），其余原样显示，例如 已选择 ${count} 条；\${ 表示字面的 ${。
       */
      title: string;
      api: ApiRef;
      /**
       * 接口的查询参数。
       */
      params?: {
        [k: string]: string | number | boolean;
      };
    }[]
  ];
  /**
   * list：每条记录第一行依次显示的字段。
   *
   * @minItems 1
   */
  line?: [
    {
      field: string;
      /**
       * text 正文；tag 标签；secondary 次要（灰色）。
       */
      style?: "text" | "tag" | "secondary";
      /**
       * 脱敏类型：按类型遮挡，点眼睛图标切换显示。
       */
      mask?: "phone" | "vin" | "name" | "idCard" | "address" | "email";
    },
    ...{
      field: string;
      /**
       * text 正文；tag 标签；secondary 次要（灰色）。
       */
      style?: "text" | "tag" | "secondary";
      /**
       * 脱敏类型：按类型遮挡，点眼睛图标切换显示。
       */
      mask?: "phone" | "vin" | "name" | "idCard" | "address" | "email";
    }[]
  ];
  /**
   * 文字模板：${} 中为表达式（与 expression 同一语言），其余原样显示，例如 已选择 ${count} 条；\${ 表示字面的 ${。
   */
  detail?: string;
  /**
   * list：每条记录右侧的按钮：调用接口（路径参数取自记录，如 {id}），成功后重新请求该列表。
   */
  itemAction?: {
    label: string;
    api: ApiRef;
  };
  /**
   * menus：starred 当前用户收藏的菜单（按钮）；all 当前用户的全部末级菜单（卡片，注明所属的一级菜单）。
   */
  menus?: "starred" | "all";
}
/**
 * dashboard：看板。24 列栅格中的指标卡、图表与表格，数据来自报表（reports/ 下的定义，接口 report:GET reports/<name>，服务端按用户的数据范围取数）；上方为共用的筛选栏（经销商、大区、月份），点击图表、表格行或指标卡下钻到 drill 指定的列表页，并带上该分组的筛选条件。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "dashboard".
 */
export interface Dashboard {
  /**
   * 共用筛选栏的条件：dealer 经销商（选项为数据范围内的经销商）、region 大区、month 月份（默认本月）。
   */
  filters?: ("dealer" | "region" | "month")[];
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  optionsReport?: string;
  /**
   * @minItems 1
   */
  items: [DashboardItem, ...DashboardItem[]];
}
/**
 * 看板项目：kpi 指标卡（数值、单位、与上月相比的升降）、chart 图表、table 表格。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "dashboardItem".
 */
export interface DashboardItem {
  /**
   * 项目类型。
   */
  kind: "kpi" | "chart" | "table";
  /**
   * 标题。
   */
  title: string;
  /**
   * 宽屏时所占列数（共 24 列）；窄屏时指标卡占半行，其余占整行。默认 kpi 6、chart 12、table 24。
   */
  span?: number;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  report: string;
  /**
   * 分组维度（报表的 dimensions 名称）；chart 的第一个维度为横轴（饼图、漏斗图为扇区），第二个维度为系列。kpi 不分组。
   *
   * @maxItems 2
   */
  groupBy?: [] | [string] | [string, string];
  /**
   * 指标（报表的 measures 名称）；kpi 取第一个。
   *
   * @minItems 1
   */
  measures?: [string, ...string[]];
  /**
   * 固定的筛选参数（报表模型的列表筛选参数，如 status）。
   */
  params?: {
    [k: string]: string | number | boolean | unknown[];
  };
  /**
   * chart：图表类型，默认 bar。stackedBar 把多个指标或第二个维度堆叠；gauge 显示第一个指标的合计。
   */
  chart?: "line" | "bar" | "stackedBar" | "pie" | "funnel" | "gauge";
  /**
   * chart 为 gauge 时的刻度上限。
   */
  max?: number;
  /**
   * kpi：单位，缺省取报表指标的单位。
   */
  unit?: string;
  /**
   * 只显示第一个指标最大的前几组。
   */
  top?: number;
  /**
   * 取数期间：month（默认）筛选栏的月份；yearToDate 该月所在年的 1 月至该月（年累计，如按月的目标与实际对比、年度达成率），指标卡不显示环比。
   */
  period?: "month" | "yearToDate";
  /**
   * chart 与 table 的高度（像素），默认 300。
   */
  height?: number;
  /**
   * 下钻：点击时打开的列表页菜单地址（如 /repair/repairBusiness/repairOrder/index），地址的查询参数为该分组的筛选条件（报表模型的列表筛选参数）。
   */
  drill?: string;
}
/**
 * 页面的菜单：服务每次启动时据此创建或更新一个末级菜单（菜单 ID 由页面标识导出，如 sales.testDrives 为 sales_testDrives；组件为 screen:页面标识），不必改动菜单目录的代码。菜单的权限键由服务端导出：页面引用的全部接口（含 permissions、控件自带的查询接口）与页面所属模型的全部路由；roles 中的角色获得该菜单的全部权限键。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "menu".
 */
export interface Menu {
  /**
   * 上级菜单（目录，不能是页面）的 ID，例如 2100（销售业务 › 销售管理）。
   */
  parent: string;
  /**
   * 菜单标题。
   */
  title: string;
  /**
   * 在同级菜单中的顺序（小的在前）。
   */
  sort?: number;
  /**
   * 菜单路由地址；缺省为上级菜单的地址加 /页面名/index（如 /sales/salesManage/testDrives/index）。
   */
  path?: string;
  /**
   * 获得该菜单的角色代码（如 XSGW 销售顾问、C1001 系统管理员）；启动时补上缺少的授权，不收回在角色管理中另行授予的。
   */
  roles?: string[];
  /**
   * 只获得部分权限的角色：角色代码 → 页面 permissions 中的权限名。该角色获得菜单的全部查询键（GET）与所列权限的键（如销售顾问可跟进线索但不能分配），服务端据此拒绝其余接口。
   */
  rolePermissions?: {
    [k: string]: string[];
  };
}
/**
 * 记录页面（#/菜单路径/主键）：页头显示标题字段与关键字段、按模型状态显示的步骤条（当前状态高亮）、当前用户此刻可执行的状态流转按钮（由服务端按权限键、状态与审批判定），下方为标签页。与列表页面一样在标签页中保持。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "recordPage".
 */
export interface RecordPage {
  /**
   * 记录的模型名（如 repairOrder）：审批历史按它查询。
   */
  model: string;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  load: string;
  /**
   * 接口引用：服务名:方法 路径，例如 "repair:GET order/repair/orders/{id}"。{name} 占位符取自当前行或表单。
   */
  save?: string;
  /**
   * 标题字段：页头标题与标签页标题。
   */
  titleField: string;
  /**
   * 页头显示的关键字段。
   */
  keyFields?: RecordKeyField[];
  /**
   * 页头的按钮（如 打印），动作中用 row 访问本记录。
   */
  actions?: Button[];
  /**
   * 标签页。
   *
   * @minItems 1
   */
  tabs: [RecordPageTab, ...RecordPageTab[]];
}
/**
 * 记录页面页头的关键字段：字段名与标签，字典字段显示字典文字。
 *
 * This interface was referenced by `Screen`'s JSON-Schema
 * via the `definition` "recordKeyField".
 */
export interface RecordKeyField {
  /**
   * 记录的字段名。
   */
  fieldName: string;
  /**
   * 显示的标签（中文）。
   */
  label: string;
  /**
   * 字典类型：显示代码的中文名称。
   */
  dict?: string;
  /**
   * 脱敏显示方式。
   */
  mask?: "phone" | "idCard" | "vin" | "name";
}
