// Table shapes as Kysely sees them (camelCase; CamelCasePlugin maps to the snake_case columns of the migrations).
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Read as Date; written as Date or ISO text; optional on insert where the column has a default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface OrganizationTable {
  id: Generated<number>;
  orgCode: string;
  orgName: string;
  parentId: number | null;
  /** Organisation-type code of back-office §6: 10461001 dealer, 10461002 region, 10461003 manufacturer, 10461004 dealer group. */
  orgType: string;
  /** Company/org type of building-blocks §6: 15061001 region, 15061002 group company, 15061003 dealer. */
  companyType: string | null;
  /** For dealers: the group company it belongs to. */
  groupOrgId: number | null;
  provinceName: string | null;
  cityName: string | null;
  sort: Generated<number>;
}

export interface UserTable {
  id: Generated<number>;
  userCode: string;
  passwordHash: string;
  employeeName: string;
  employeeNo: string;
  orgId: number;
  phone: string | null;
  /** 10081001 employed, 10081002 left (dictionary 1008). */
  isOnjob: Generated<string>;
  createdAt: Timestamp;
}

export interface PositionTable {
  positionCode: string;
  positionName: string;
}

export interface UserPositionTable {
  userId: number;
  positionCode: string;
  orgId: number;
}

export interface MenuTable {
  id: string;
  parentId: string | null;
  title: string;
  path: string;
  icon: string | null;
  level: number;
  /** What a leaf renders: `screen:<screen id>` or a built-in page name. */
  component: string | null;
  keepAlive: Generated<boolean>;
  /** Menu type code; 10041001 marks the page as cached. */
  pyt: string | null;
  sort: Generated<number>;
  permission: Json<string[]>;
}

export interface DictCodeTable {
  type: string;
  codeId: string;
  codeCnDesc: string;
  codeEnDesc: string | null;
  sort: Generated<number>;
  /** A code switched off stays readable on old records; 字典管理 switches it (issue 21). */
  enabled: Generated<boolean>;
}

/** A dictionary type's name (字典管理); a type used only by seeded codes may have none. */
export interface DictTypeTable {
  type: string;
  name: string;
}

export interface RepairTypeTable {
  code: string;
  name: string;
  sort: Generated<number>;
}

export interface CustomerTable {
  id: Generated<number>;
  ownerCode: string;
  customerName: string;
  phone: string;
  gender: string | null;
  address: string | null;
  createdAt: Timestamp;
}

export interface VehicleTable {
  id: Generated<number>;
  vin: string;
  plateNo: string;
  ownerCode: string;
  customerId: number;
  brandName: string;
  seriesName: string;
  modelName: string;
  colorName: string;
  purchaseDate: string;
}

export interface RepairOrderTable {
  id: Generated<number>;
  roNo: string;
  ownerCode: string;
  vin: string;
  plateNo: string;
  customerName: string;
  phone: string;
  repairTypeCode: string;
  /** Dictionary 8021: 80211001 待派工, 80211002 维修中, 80211003 已完工, 80211004 已结算. */
  status: string;
  serviceAdvisorId: number | null;
  mileage: number;
  labourAmount: number;
  partAmount: number;
  remark: string | null;
  /** 维修说明: rich text, sanitised on save (migration 0009). */
  descriptionHtml: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
}

export interface TableLayoutTable {
  userId: number;
  /** The route path of the table's screen. */
  layoutKey: string;
  /** The picker list: [{dataIndex, hidden, width}] in display order. */
  columns: Json<{ dataIndex: string; hidden: boolean; width?: number }[]>;
  savedAt: string;
  updatedAt: Timestamp;
}

/** The manufacturer's standard labour catalogue: what a dealer's labour items refer to. */
export interface StandardLabourTable {
  code: string;
  name: string;
  repairTypeCode: string;
  stdHours: number;
  sort: Generated<number>;
}

/** A dealer's labour price list (工时项目): hours times the hourly price is the labour charge of a repair line. */
export interface LabourItemTable {
  id: Generated<number>;
  ownerCode: string;
  labourCode: string;
  labourName: string;
  stdLabourCode: string | null;
  repairTypeCode: string;
  stdHours: number;
  price: number;
  /** Series names the item applies to; empty for every series. */
  series: Json<string[]>;
  /** '1' enabled, '0' disabled. */
  enabled: Generated<string>;
  effectiveDate: string;
  remark: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
}

/** A jsonb list with a default of []: optional on insert. */
type JsonList<T> = ColumnType<T[], string | undefined, string>;

/** A dealer's monthly sales target for one vehicle model (销售目标), in units. */
export interface SalesTargetTable {
  id: Generated<number>;
  ownerCode: string;
  /** YYYY-MM */
  targetMonth: string;
  /** A model (level 3) of the material tree. */
  modelCode: string;
  retailTarget: number;
  wholesaleTarget: number;
  remark: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
}

export interface MaterialTable {
  id: Generated<number>;
  parentId: number | null;
  /** 1 brand, 2 series, 3 model, 4 configuration, 5 colour. */
  level: number;
  materialCode: string;
  materialNameZh: string;
  sort: Generated<number>;
  /** A configuration's (level 4) manufacturer's suggested retail price, tax included, in yuan (migration 0019). */
  guidePrice: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** Dictionary 8505: 85051001 燃油, 85051002 纯电. */
  fuelType: ColumnType<string | null, string | null | undefined, string | null>;
  modelYear: ColumnType<string | null, string | null | undefined, string | null>;
  /** '1' enabled, '0' disabled (the pickers leave it and its subtree out). */
  enabled: Generated<string>;
}

export interface MaterialOptionTable {
  id: Generated<number>;
  materialId: number;
  optionType: string;
  optionCode: string;
  optionNameZh: string;
  sort: Generated<number>;
  /** The package's price, tax included, in yuan (migration 0019). */
  price: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  enabled: Generated<string>;
}

/** A user's custom query scheme (back-office §3): named filter conditions and columns of one screen. */
export interface QuerySchemeTable {
  id: Generated<number>;
  userId: number;
  /** The dealer the scheme is shared within (the user's own; the manufacturer's org code on that side). */
  ownerCode: string;
  menuId: string;
  /** The table's api of the screen (its list route), as the screen names it. */
  interfaceAddress: string;
  labelName: string;
  selectCondition: Json<unknown[]>;
  columns: Json<unknown[]>;
  shared: Generated<boolean>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface BookingTable {
  id: Generated<number>;
  bookingNo: string;
  ownerCode: string;
  /** Dictionary 8051: 80511001 待确认, 80511002 已确认, 80511003 已到店, 80511004 已取消. */
  status: string;
  customerName: string;
  phone: string;
  gender: string | null;
  idCardNo: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  countyCode: string | null;
  address: string | null;
  contactType: string | null;
  contactValue: string | null;
  customerTags: JsonList<string>;
  callbackChannels: JsonList<string>;
  plateNo: string;
  vin: string | null;
  brandId: number;
  seriesId: number;
  modelId: number;
  configId: number;
  colorId: number;
  optionIds: JsonList<number>;
  mileage: number | null;
  purchaseDate: string | null;
  lastMaintainDate: string | null;
  insuranceExpiry: string | null;
  modelYear: string | null;
  warrantyFrom: string | null;
  warrantyTo: string | null;
  bookingTime: Timestamp;
  arriveFrom: string;
  arriveTo: string;
  deliveryTime: string | null;
  repairTypeCode: string;
  serviceItems: JsonList<string>;
  bookingSource: string;
  faultSystem: string | null;
  faultSymptom: string | null;
  repairItem: string | null;
  workshopCode: string | null;
  bayCode: string | null;
  advisorId: number;
  technicianId: number | null;
  receptionistId: number | null;
  budgetFrom: number | null;
  budgetTo: number | null;
  pickupDateFrom: string | null;
  pickupDateTo: string | null;
  loanCarFrom: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  loanCarTo: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  needPickup: string;
  pickupFrom: string | null;
  pickupTo: string | null;
  callbackTime: string | null;
  remark: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
}

/** A workflow process definition; its BPMN XML lives in the versions, the latest one answering by default. */
export interface ProcessDefinitionTable {
  id: Generated<number>;
  /** The BPMN process id. */
  processId: string;
  name: string;
  latestVersion: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
}

export interface ProcessDefinitionVersionTable {
  id: Generated<number>;
  definitionId: number;
  version: number;
  name: string;
  xml: string;
  createdAt: Timestamp;
  createdBy: number | null;
}

/** A screen stored on the server (issue 10); its definitions are in screenVersions. */
export interface ScreenTable {
  id: string;
  title: string;
  latestVersion: number;
  /** The version the runtime serves; null until first published. */
  publishedVersion: number | null;
  publishedBy: string | null;
  publishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  fileHash: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ScreenVersionTable {
  screenId: string;
  version: number;
  /** The screen JSON as text. */
  definition: string;
  source: 'file' | 'editor' | 'rollback';
  comment: Generated<string>;
  authorCode: string;
  authorName: string;
  createdAt: Timestamp;
}

/** A model stored on the server (issue 21); its definitions are in modelVersions. */
export interface ModelTable {
  name: string;
  title: string;
  area: string;
  latestVersion: number;
  /** The version the engine serves; null until first published. */
  publishedVersion: number | null;
  publishedBy: string | null;
  publishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  fileHash: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ModelVersionTable {
  modelName: string;
  version: number;
  /** The model JSON as text. */
  definition: string;
  source: 'file' | 'editor' | 'rollback';
  comment: Generated<string>;
  authorCode: string;
  authorName: string;
  createdAt: Timestamp;
}

/** One row whose version every publish raises: an instance serving an older one reloads its models. */
export interface ModelCatalogueTable {
  id: number;
  version: number;
}

/** Roles a user task can be given besides the positions (manufacturer and region roles). */
export interface ProcessRoleTable {
  code: string;
  name: string;
  sort: Generated<number>;
}

/** Branch variables offered in condition rows; processId null offers one in every process. */
export interface ProcessVariableTable {
  id: Generated<number>;
  processId: string | null;
  name: string;
  text: string;
  /** N number, S string, D dictionary. */
  suffix: 'N' | 'S' | 'D';
  dictType: string | null;
  sort: Generated<number>;
}

export type ProcessInstanceStatus = 'running' | 'approved' | 'rejected';
export type ProcessTaskStatus = 'open' | 'done' | 'cancelled';
export type ProcessStepAction = 'start' | 'agree' | 'reject' | 'transfer' | 'addSigner' | 'timeout' | 'end';

/** A running or finished process on one record (server/processes). */
export interface ProcessInstanceTable {
  id: Generated<number>;
  processId: string;
  version: number;
  processName: string;
  model: string;
  recordId: number;
  recordTitle: string;
  ownerCode: string | null;
  transition: string;
  status: ProcessInstanceStatus;
  /** bpmn-engine's getState(), taken after every step. */
  engineState: Json<unknown>;
  startedBy: number;
  startedAt: Timestamp;
  endedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ProcessTaskTable {
  id: Generated<number>;
  instanceId: number;
  elementId: string;
  executionId: string;
  name: string;
  ownerCode: string | null;
  status: ProcessTaskStatus;
  assigneeId: number | null;
  createdAt: Timestamp;
  dueAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  completedBy: number | null;
  completedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decision: string | null;
  comment: string | null;
}

export interface ProcessTaskCandidateTable {
  taskId: number;
  /** A position code (held at the record's dealer) or a process role (held over the record's dealer). */
  code: string;
}

export interface ProcessTimerTable {
  instanceId: number;
  elementId: string;
  expireAt: Timestamp;
}

export interface ProcessStepTable {
  id: Generated<number>;
  instanceId: number;
  elementId: string;
  name: string;
  action: ProcessStepAction;
  userId: number | null;
  comment: string | null;
  at: Timestamp;
}

export interface UserProcessRoleTable {
  userId: number;
  roleCode: string;
}

export interface Database {
  processInstances: ProcessInstanceTable;
  processTasks: ProcessTaskTable;
  processTaskCandidates: ProcessTaskCandidateTable;
  processTimers: ProcessTimerTable;
  processSteps: ProcessStepTable;
  userProcessRoles: UserProcessRoleTable;
  organizations: OrganizationTable;
  users: UserTable;
  positions: PositionTable;
  userPositions: UserPositionTable;
  menus: MenuTable;
  dictCodes: DictCodeTable;
  repairTypes: RepairTypeTable;
  customers: CustomerTable;
  vehicles: VehicleTable;
  repairOrders: RepairOrderTable;
  tableLayouts: TableLayoutTable;
  standardLabours: StandardLabourTable;
  labourItems: LabourItemTable;
  materials: MaterialTable;
  salesTargets: SalesTargetTable;
  materialOptions: MaterialOptionTable;
  querySchemes: QuerySchemeTable;
  bookings: BookingTable;
  processDefinitions: ProcessDefinitionTable;
  processDefinitionVersions: ProcessDefinitionVersionTable;
  processRoles: ProcessRoleTable;
  processVariables: ProcessVariableTable;
  screens: ScreenTable;
  screenVersions: ScreenVersionTable;
  models: ModelTable;
  modelVersions: ModelVersionTable;
  modelCatalogue: ModelCatalogueTable;
  dictTypes: DictTypeTable;
}

export type Menu = Selectable<MenuTable>;
export type RepairOrder = Selectable<RepairOrderTable>;
