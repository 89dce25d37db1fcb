import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkModel, checkModels, implicitFields, MODEL_IMPLICIT_FIELDS, type ModelCheckContext, type ModelProblem } from '../../schemas/model/modelChecks';
import modelSchema from '../../schemas/model.schema.json' with { type: 'json' };
import { BASE_TABLES, checkModelFiles, definitionFilesIn, isModelFile } from '../../scripts/screenFiles';

const ORDER = 'tests/fixtures/models/repair/repairOrder.json';
const CUSTOMER = 'tests/fixtures/models/org/customer.json';
const BAD = 'tests/fixtures/models/bad/duplicateField.json';

// The fixtures as plain JSON, changed by each test to break one rule.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const load = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));

const context: ModelCheckContext = {
  dictTypes: new Set(['8021', '1002', '1008']),
  tables: new Set(['users', 'organizations', 'regions']),
  services: new Set(['repair', 'customer']),
};

/** The problems of the two fixtures after `change`. */
function problems(change: (order: Json, customer: Json) => void, withContext: ModelCheckContext = context): ModelProblem[] {
  const order = load(ORDER);
  const customer = load(CUSTOMER);
  change(order, customer);
  return checkModels([{ file: ORDER, value: order }, { file: CUSTOMER, value: customer }], withContext);
}
const only = (path: string, message: string, file = ORDER): ModelProblem[] => [{ file, path, message }];
const field = (model: Json, name: string): Json => model.fields.find((f: Json) => f.name === name);

describe('model checks: the valid fixtures', () => {
  it('a model with every field type, children, naming, filters, states, import, export and seed hints passes', () => {
    const order = load(ORDER);
    const types = new Set(order.fields.map((f: Json) => f.type));
    expect([...types].sort()).toEqual([...modelSchema.$defs.fieldType.enum].sort());
    expect(problems(() => {})).toEqual([]);
    expect(problems(() => {}, {})).toEqual([]);
  });

  it('checks one model alone, a ref to another model then unchecked', () => {
    expect(checkModel(load(ORDER), context)).toEqual([]);
    const order = load(ORDER);
    field(order, 'mileage').min = 5;
    field(order, 'mileage').max = 1;
    expect(checkModel(order, context, 'x.json')).toEqual([{ file: 'x.json', path: '/fields/3/min', message: '最小值 min（5）不能大于最大值 max（1）' }]);
  });

  it('implicit fields: ownerCode only on dealer data', () => {
    expect(MODEL_IMPLICIT_FIELDS).toEqual(['id', 'ownerCode', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
    expect(implicitFields({ scope: 'owner' })).toEqual(['id', 'ownerCode', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
    expect(implicitFields({ scope: 'org' })).toEqual(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
  });
});

describe('model checks: schema problems in Chinese with the JSON path', () => {
  it('an unknown property', () => {
    expect(problems((order) => (field(order, 'roNo').colour = 'red'))).toEqual(only('/fields/0/colour', '不允许的属性（请检查拼写）'));
  });

  it('a wrong type', () => {
    expect(problems((order) => (field(order, 'roNo').length = '30'))).toEqual(only('/fields/0/length', '应当是 integer 类型'));
  });

  it('a missing property and a value not in the list', () => {
    expect(problems((order) => delete order.title)).toEqual(only('/title', '缺少必填属性'));
    expect(problems((order) => (field(order, 'roNo').type = 'strng'))).toEqual(
      only('/fields/0/type', '取值应为以下之一：string、text、html、int、decimal、money、date、datetime、month、time、boolean、dict、ref、file、image、json'),
    );
  });

  it('a value that fits no branch of a oneOf says what each branch wants', () => {
    expect(problems((order) => (field(order, 'roNo').unique = 'dealer'))).toEqual(only('/fields/0/unique', '应当是 boolean 类型，或取值应为 owner'));
    expect(problems((order) => (field(order, 'vin').seed = { vin: true }))).toEqual(only('/fields/15/seed/vin', '不允许的属性（请检查拼写）'));
  });

  it('a file with schema problems is not checked further', () => {
    expect(problems((order) => ((order.scope = 'dealer'), (order.titleField = 'nope')))).toEqual(only('/scope', '取值应为以下之一：owner、org、none'));
  });
});

describe('model checks: across files', () => {
  it('model names are unique', () => {
    const copy = { ...load(CUSTOMER), table: 'otherCustomers', path: 'customer/otherCustomers' };
    const files = [{ file: ORDER, value: load(ORDER) }, { file: CUSTOMER, value: load(CUSTOMER) }, { file: 'models/other/customer.json', value: copy }];
    expect(checkModels(files, context)).toEqual(only('/name', `模型名 customer 与 ${CUSTOMER} 中的模型重复`, 'models/other/customer.json'));
  });

  it('table names are unique, the default table being the name with an s', () => {
    expect(problems((_, customer) => (customer.table = 'fixtureRepairOrders'))).toEqual(only('/table', `表名 fixtureRepairOrders 与模型 repairOrder（${ORDER}）重复`, CUSTOMER));
    expect(problems((_, customer) => (customer.table = 'fixtureRepairOrderLabours'))).toEqual(
      only('/table', `表名 fixtureRepairOrderLabours 与模型 repairOrder（${ORDER}）的子表重复`, CUSTOMER),
    );
    expect(
      problems((order, customer) => {
        order.table = 'customers';
        delete customer.table;
      }),
    ).toEqual(only('/name', `表名 customers（缺省为模型名加 s）与模型 repairOrder（${ORDER}）重复`, CUSTOMER));
  });

  it('service and path are unique', () => {
    expect(
      problems((_, customer) => {
        customer.service = 'repair';
        customer.path = 'order/repair/fixtureOrders';
      }),
    ).toEqual(only('/path', `接口 repair:order/repair/fixtureOrders 与模型 repairOrder（${ORDER}）重复`, CUSTOMER));
  });

  it('the service is registered', () => {
    expect(problems((order) => (order.service = 'nowhere'))).toEqual(only('/service', '未注册的服务：nowhere'));
  });
});

describe('model checks: field names', () => {
  it('are unique within the model and within a child', () => {
    expect(problems((order) => (field(order, 'remark').name = 'roNo'))).toEqual(only('/fields/1/name', '字段名重复：roNo'));
    expect(problems((order) => order.children[0].fields.push({ name: 'labourName', label: '名称', type: 'string' }))).toEqual(only('/children/0/fields/4/name', '字段名重复：labourName'));
  });

  it('do not redeclare an implicit field', () => {
    expect(problems((order) => (field(order, 'remark').name = 'createdAt'))).toEqual(
      only('/fields/1/name', '字段名 createdAt 与系统字段重复（系统提供：id、ownerCode、createdAt、updatedAt、createdBy、updatedBy）'),
    );
    expect(problems((order) => (order.children[0].fields[0].name = 'id'))).toEqual(
      only('/children/0/fields/0/name', '字段名 id 与系统字段重复（系统提供：id、ownerCode、createdAt、updatedAt、createdBy、updatedBy）'),
    );
  });

  it('ownerCode is a field of its own where the scope is not owner', () => {
    expect(
      problems((_, customer) => {
        customer.scope = 'org';
        customer.fields[1].unique = true;
        customer.fields.push({ name: 'ownerCode', label: '经销商代码', type: 'string' });
      }),
    ).toEqual([]);
  });
});

describe('model checks: the parts that name fields', () => {
  it('titleField', () => {
    expect(problems((order) => (order.titleField = 'orderNo'))).toEqual(only('/titleField', '标题字段 orderNo 不是本模型的字段'));
    expect(problems((order) => (order.titleField = 'id'))).toEqual([]);
  });

  it('naming.field is a string field of the model', () => {
    expect(problems((order) => (order.naming.field = 'orderNo'))).toEqual(only('/naming/field', '编号字段 orderNo 不是本模型的字段'));
    expect(problems((order) => (order.naming.field = 'mileage'))).toEqual(only('/naming/field', '编号字段 mileage 应为 string 类型（现为 int）'));
  });

  it('states.field is a dict field of the model', () => {
    expect(problems((order) => (order.states.field = 'status'))).toEqual(only('/states/field', '状态字段 status 不是本模型的字段'));
    expect(problems((order) => (order.states.field = 'roNo'))).toEqual(only('/states/field', '状态字段 roNo 应为 dict 类型（现为 string）'));
  });

  it('defaultSort.field', () => {
    expect(problems((order) => (order.defaultSort.field = 'created'))).toEqual(only('/defaultSort/field', '排序字段 created 不是本模型的字段'));
  });

  it('a filter names a field, or its param does', () => {
    expect(problems((order) => (order.filters[2].field = 'openDate'))).toEqual(only('/filters/2/field', '查询条件的字段 openDate 不是本模型的字段'));
    expect(problems((order) => (order.filters[0].param = 'orderNo'))).toEqual(only('/filters/0/param', '查询条件的字段 orderNo 不是本模型的字段'));
    expect(problems((order) => (order.filters[1].param = 'roNo'))).toEqual(only('/filters/1/param', '查询参数重复：roNo'));
  });

  it('a search filter lists fields of the model', () => {
    expect(problems((order) => (order.filters[6].fields = ['roNo', 'owner']))).toEqual(only('/filters/6/fields/1', '可选字段 owner 不是本模型的字段'));
    expect(problems((order) => delete order.filters[6].fields)).toEqual(only('/filters/6/fields', 'search 条件应列出可选的字段（fields）'));
  });

  it('import and export columns name fields, or the title of a ref field (its as, or <field>Name)', () => {
    expect(problems((order) => (order.import.columns[1].field = 'vinNo'))).toEqual(only('/import/columns/1/field', '导入列的字段 vinNo 不是本模型的字段，也不是引用字段的标题'));
    expect(problems((order) => (order.export.columns[2].field = 'serviceAdvisorName'))).toEqual(
      only('/export/columns/2/field', '导出列的字段 serviceAdvisorName 不是本模型的字段，也不是引用字段的标题'),
    );
    expect(problems((order) => (order.export.columns[2].field = 'serviceAdvisor'))).toEqual([]);
  });

  it('the import key names fields', () => {
    expect(problems((order) => (order.import.key = ['roNo', 'customerName']))).toEqual(only('/import/key/1', '导入键 customerName 不是本模型的字段'));
  });

  it('a transition requires fields of the model', () => {
    expect(problems((order) => (order.states.transitions[0].requires = ['advisor']))).toEqual(only('/states/transitions/0/requires/0', '必填字段 advisor 不是本模型的字段'));
  });
});

describe('model checks: the naming series', () => {
  const series = (value: string, scope = 'owner') =>
    problems((order) => {
      order.naming.series = value;
      order.scope = scope;
      if (scope !== 'owner') field(order, 'roNo').unique = true;
    });

  it('accepts literal text, ownerCode, the date tokens and a date field with a date token', () => {
    for (const value of ['RO{seq:4}', 'RO{ownerCode}{yyyy}{yy}{MM}{dd}-{yyMMdd}{yyyyMMdd}{yyyyMM}{yyMM}{seq:6}', 'X{deliveryTime|yyyyMM}{roDate|dd}{seq:1}']) {
      expect(series(value), value).toEqual([]);
    }
  });

  it('refuses an unknown token', () => {
    expect(series('RO{year}{seq:4}')).toEqual(
      only('/naming/series', '编号规则中未知的占位符 {year}（可用 ownerCode、yyyy、yy、MM、dd、yyMMdd、yyyyMMdd、yyyyMM、yyMM、<日期字段>|<日期格式>、seq:N）'),
    );
  });

  it('wants one {seq:N}, at the end', () => {
    expect(series('RO{seq:2}{seq:4}')).toEqual(only('/naming/series', '编号规则应以唯一的一个 {seq:N} 结尾'));
  });

  it('reads a date of the record only from a date or datetime field, with a date token', () => {
    expect(series('RO{mileage|yyMMdd}{seq:4}')).toEqual(only('/naming/series', '编号规则 {mileage|yyMMdd} 中的 mileage 不是本模型的 date 或 datetime 字段'));
    expect(series('RO{roDate|ddMM}{seq:4}')).toEqual(
      only('/naming/series', '编号规则 {roDate|ddMM} 中的 ddMM 不是日期格式（可用 yyyy、yy、MM、dd、yyMMdd、yyyyMMdd、yyyyMM、yyMM）'),
    );
  });

  it('takes ownerCode only from dealer data, and wants its braces in pairs', () => {
    expect(series('RO{ownerCode}{seq:4}', 'org')).toEqual(only('/naming/series', '{ownerCode} 只用于 scope 为 owner 的模型'));
    expect(series('RO}{seq:4}')).toEqual(only('/naming/series', '编号规则中的花括号不成对'));
  });
});

describe('model checks: references', () => {
  it('a ref names a model or a table, not both and not neither', () => {
    expect(problems((order) => (field(order, 'customer').ref = { model: 'customer', table: 'customers' }))).toEqual(only('/fields/13/ref', '引用不能同时指定 model 和 table'));
    expect(problems((order) => (field(order, 'customer').ref = { key: 'id' }))).toEqual(only('/fields/13/ref', '引用应指定 model 或 table 之一'));
    expect(problems((order) => delete field(order, 'customer').ref)).toEqual(only('/fields/13/ref', 'ref 类型的字段应有 ref（引用的 model 或 table）'));
    expect(problems((order) => (field(order, 'roNo').ref = { model: 'customer' }))).toEqual(only('/fields/0/ref', '只有 ref 类型的字段可以有 ref'));
  });

  it('the model exists among the files, and has the key and title named', () => {
    expect(problems((order) => (field(order, 'customer').ref.model = 'client'))).toEqual(only('/fields/13/ref/model', '引用的模型不存在：client'));
    expect(problems((order) => (field(order, 'customer').ref.title = 'name'))).toEqual(only('/fields/13/ref/title', '模型 customer 没有字段 name'));
    expect(problems((order) => (field(order, 'customer').ref.key = 'mobile'))).toEqual([]);
  });

  it('the table is a base table', () => {
    expect(problems((order) => (field(order, 'customer').ref = { table: 'clients' }))).toEqual(only('/fields/13/ref/table', '引用的基础表不存在：clients'));
  });
});

describe('model checks: dictionaries and states', () => {
  it('a dict field has a known dictionary type, other fields none', () => {
    expect(problems((order) => delete field(order, 'roStatus').dict)).toEqual(only('/fields/12/dict', 'dict 类型的字段应有 dict（字典类型）'));
    expect(problems((_, customer) => (customer.fields[2].dict = '9999'))).toEqual(only('/fields/2/dict', '字典类型不存在：9999', CUSTOMER));
    expect(problems((order) => (field(order, 'roNo').dict = '8021'))).toEqual(only('/fields/0/dict', '只有 dict 类型的字段可以有 dict'));
  });

  it('states name codes of the status dictionary, each once', () => {
    expect(problems((order) => (order.states.initial = '80511001'))).toEqual(only('/states/initial', '状态 80511001 不是字典 8021 的代码'));
    expect(problems((order) => (order.states.transitions[1].to = 'finished'))).toEqual(only('/states/transitions/1/to', '状态 finished 不是字典 8021 的代码'));
    expect(problems((order) => (order.states.transitions[1].from = ['80211002', '80211002']))).toEqual(only('/states/transitions/1/from/1', '状态重复：80211002'));
    expect(problems((order) => (order.states.editableIn = ['80211001', '80211001']))).toEqual(only('/states/editableIn/1', '状态重复：80211001'));
  });

  it('a model brings its own dictionaries: its dict fields and those of other models may name them', () => {
    const levels = { type: '9301', name: '客户等级', codes: [{ code: '93011001', name: '普通' }, { code: '93011002', name: '重要', enName: 'VIP' }] };
    expect(
      problems((order, customer) => {
        order.dictionaries = [levels];
        customer.fields[2].dict = '9301';
      }),
    ).toEqual([]);
    // Alone, a model knows only its own.
    const customer = load(CUSTOMER);
    customer.fields[2].dict = '9301';
    expect(checkModel(customer, context, 'c.json')).toEqual([{ file: 'c.json', path: '/fields/2/dict', message: '字典类型不存在：9301' }]);
    customer.dictionaries = [levels];
    expect(checkModel(customer, context, 'c.json')).toEqual([]);
  });

  it('a declared dictionary: codes begin with the type, each once; a type declared by one model only', () => {
    const levels = () => ({ type: '9301', name: '客户等级', codes: [{ code: '93011001', name: '普通' }, { code: '93011002', name: '重要' }] });
    expect(problems((order) => (order.dictionaries = [{ ...levels(), codes: [{ code: '93021001', name: '普通' }] }]))).toEqual(
      only('/dictionaries/0/codes/0/code', '代码 93021001 应以字典类型 9301 开头'),
    );
    expect(problems((order) => (order.dictionaries = [{ ...levels(), codes: [{ code: '93011001', name: '普通' }, { code: '93011001', name: '重要' }] }]))).toEqual(
      only('/dictionaries/0/codes/1/code', '代码重复：93011001'),
    );
    expect(problems((order) => (order.dictionaries = [levels(), levels()]))).toEqual(only('/dictionaries/1/type', '字典类型重复：9301'));
    expect(
      problems((order, customer) => {
        order.dictionaries = [levels()];
        customer.dictionaries = [levels()];
      }),
    ).toEqual(only('/dictionaries/0/type', `字典类型 9301 已由模型 repairOrder（${ORDER}）声明`, CUSTOMER));
    expect(problems((order) => (order.dictionaries = [{ type: '9301', name: '客户等级', codes: [] }]))).toEqual(only('/dictionaries/0/codes', '不应少于 1 个项'));
  });

  it('states of a dictionary the model declares must be among its codes, not only begin with its type', () => {
    const statuses = { type: '8021', name: '工单状态', codes: ['80211001', '80211002', '80211003', '80211004'].map((code) => ({ code, name: code })) };
    expect(problems((order) => (order.dictionaries = [statuses]))).toEqual([]);
    expect(
      problems((order) => {
        order.dictionaries = [statuses];
        order.states.transitions[2].to = '80211009';
      }),
    ).toEqual(only('/states/transitions/2/to', '状态 80211009 不是字典 8021 的代码'));
  });

  it('transition names are unique', () => {
    expect(problems((order) => (order.states.transitions[2].name = 'start'))).toEqual(only('/states/transitions/2/name', '流转名重复：start'));
  });
});

describe('model checks: bounds and defaults fit the type', () => {
  it('scale ≤ precision, minLength ≤ length, min ≤ max', () => {
    expect(problems((order) => (field(order, 'fuelLevel').scale = 6))).toEqual(only('/fields/4/scale', '小数位数 scale（6）不能大于精度 precision（5）'));
    expect(problems((order) => (field(order, 'vin').minLength = 18))).toEqual(only('/fields/15/minLength', '最小长度 minLength（18）不能大于长度 length（17）'));
    expect(problems((order) => (field(order, 'fuelLevel').min = 101))).toEqual(only('/fields/4/min', '最小值 min（101）不能大于最大值 max（100）'));
  });

  it('a default is a number, an integer, a boolean or text by type', () => {
    expect(problems((order) => (field(order, 'fuelLevel').default = '50'))).toEqual(only('/fields/4/default', '缺省值应为数字（decimal 字段）'));
    expect(problems((order) => (field(order, 'mileage').default = 1.5))).toEqual(only('/fields/3/default', '缺省值应为整数（int 字段）'));
    expect(problems((order) => (field(order, 'warranty').default = 'false'))).toEqual(only('/fields/11/default', '缺省值应为 true 或 false（boolean 字段）'));
    expect(problems((order) => (field(order, 'roStatus').default = 80211001))).toEqual(only('/fields/12/default', '缺省值应为字符串（dict 字段）'));
    expect(problems((order) => (field(order, 'tags').default = 1))).toEqual(only('/fields/17/default', '缺省值应为字符串（string 字段）'));
  });

  it('$now on date and datetime, $today on date, $user.id on a ref to users', () => {
    expect(problems((order) => (field(order, 'settleMonth').default = '$now'))).toEqual(only('/fields/9/default', '$now 只用于 date、datetime 字段（现为 month）'));
    expect(problems((order) => (field(order, 'deliveryTime').default = '$today'))).toEqual(only('/fields/8/default', '$today 只用于 date 字段（现为 datetime）'));
    expect(problems((order) => (field(order, 'customer').default = '$user.id'))).toEqual(only('/fields/13/default', '$user.id 只用于引用用户（users）的 ref 字段'));
    expect(problems((order) => (field(order, 'roNo').default = '$user.code'))).toEqual(only('/fields/0/default', '未知的缺省值 $user.code（可用 $now、$today、$user.id）'));
  });
});

describe('model checks: expressions', () => {
  it('a compute expression parses (the parser says what is wrong)', () => {
    expect(problems((order) => (field(order, 'totalAmount').compute = 'labourAmount *'))).toEqual(only('/fields/6/compute', '表达式有误：表达式不完整'));
    expect(problems((order) => (field(order, 'totalAmount').compute = 'avg(labours)'))).toEqual(
      only('/fields/6/compute', '表达式有误：未知的函数 avg（位置 1），可用：if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format'),
    );
  });

  it('reads only fields of the model (its implicit fields and children included)', () => {
    expect(problems((order) => (field(order, 'totalAmount').compute = 'labourAmount * taxRate'))).toEqual(only('/fields/6/compute', '表达式中的 taxRate 不是本模型的字段'));
    expect(problems((order) => (field(order, 'totalAmount').compute = "sum(labours, 'hours') + id"))).toEqual([]);
  });

  it('a child line computes from fields of its child', () => {
    expect(problems((order) => (order.children[0].fields[3].compute = 'hours * rate'))).toEqual(only('/children/0/fields/3/compute', '表达式中的 rate 不是子表 labours 的字段'));
  });

  it('sum adds a field of the child', () => {
    expect(problems((order) => (field(order, 'labourAmount').compute = "sum(labours, 'total')"))).toEqual(only('/fields/5/compute', '表达式中 sum 的 total 不是子表 labours 的字段'));
  });

  it('a transition guard parses and reads fields of the model', () => {
    expect(problems((order) => (order.states.transitions[1].guard = 'count(labours) >'))).toEqual(only('/states/transitions/1/guard', '表达式有误：表达式不完整'));
    expect(problems((order) => (order.states.transitions[1].guard = 'paidAmount > 0'))).toEqual(only('/states/transitions/1/guard', '表达式中的 paidAmount 不是本模型的字段'));
  });
});

describe('model checks: options that fit the type', () => {
  it('format and upper only on string fields', () => {
    expect(problems((order) => (field(order, 'mileage').format = 'year'))).toEqual(only('/fields/3/format', 'format 只用于 string 字段（现为 int）'));
    expect(problems((order) => (field(order, 'remark').upper = true))).toEqual(only('/fields/1/upper', 'upper 只用于 string 字段（现为 text）'));
  });

  it('multiple not on money, decimal, boolean, html or text', () => {
    expect(problems((order) => (field(order, 'labourAmount').multiple = true))).toEqual(only('/fields/5/multiple', 'multiple 不能用于 money 字段'));
    expect(problems((order) => (field(order, 'notice').multiple = true))).toEqual(only('/fields/2/multiple', 'multiple 不能用于 html 字段'));
  });

  it('unique per dealer only on dealer data', () => {
    expect(problems((_, customer) => (customer.scope = 'org'))).toEqual(only('/fields/1/unique', 'unique 为 owner 只用于 scope 为 owner 的模型', CUSTOMER));
  });
});

describe('model checks: children', () => {
  it('child names are unique and not names of fields', () => {
    const second = { name: 'labours', title: '配件', fields: [{ name: 'partName', label: '配件名称', type: 'string' }] };
    expect(problems((order) => order.children.push(second))).toEqual(only('/children/1/name', '子表名重复：labours'));
    expect(problems((order) => order.children.push({ ...second, name: 'remark' }))).toEqual(only('/children/1/name', '子表名 remark 与字段重复'));
    expect(problems((order) => (order.children[0].minRows = 300))).toEqual(only('/children/0/minRows', '最少行数 minRows（300）不能大于最多行数 maxRows（200）'));
  });
});

describe('model checks: seed hints fit the type', () => {
  it('personName, mobile, vin, plate and idCard on string fields', () => {
    expect(problems((order) => (field(order, 'mileage').seed = 'personName'))).toEqual(only('/fields/3/seed', '演示数据 personName 只用于 string 字段（现为 int）'));
  });

  it('range on numbers, in order', () => {
    expect(problems((order) => (field(order, 'roNo').seed = { range: [1, 9] }))).toEqual(only('/fields/0/seed/range', '演示数据 range 只用于 int、decimal、money 字段（现为 string）'));
    expect(problems((order) => (field(order, 'mileage').seed = { range: [9, 1] }))).toEqual(only('/fields/3/seed/range', 'range 的下限（9）不能大于上限（1）'));
  });

  it('after: with range, naming another number field of the same table', () => {
    expect(problems((order) => (field(order, 'mileage').seed = { after: 'roNo' }))).toEqual(only('/fields/3/seed/after', '演示数据 after 须与 range 一起使用（取值 = after 字段的值 + range 内的数）'));
    expect(problems((order) => (field(order, 'mileage').seed = { after: 'roNo', range: [1, 9] }))).toEqual(only('/fields/3/seed/after', '演示数据 after 应为本表另一个数值字段（现为 roNo）'));
    expect(problems((order) => (field(order, 'mileage').seed = { after: 'mileage', range: [1, 9] }))).toEqual(only('/fields/3/seed/after', '演示数据 after 应为本表另一个数值字段（现为 mileage）'));
  });

  it('daysAgo on date and datetime', () => {
    expect(problems((order) => (field(order, 'settleMonth').seed = { daysAgo: [0, 30] }))).toEqual(only('/fields/9/seed/daysAgo', '演示数据 daysAgo 只用于 date、datetime 字段（现为 month）'));
  });

  it('staff on a ref to users', () => {
    expect(problems((order) => (field(order, 'customer').seed = 'staff'))).toEqual(only('/fields/13/seed', '演示数据 staff 只用于引用用户（users）的 ref 字段'));
    expect(problems((order) => (field(order, 'customer').seed = { staff: 'FWGW' }))).toEqual(only('/fields/13/seed/staff', '演示数据 staff 只用于引用用户（users）的 ref 字段'));
  });
});

describe('model files on disk', () => {
  it('files under a models folder are models, the rest screens', () => {
    expect(isModelFile('models/repair/repairOrder.json')).toBe(true);
    expect(isModelFile(ORDER)).toBe(true);
    expect(isModelFile('screens/repair/models.json')).toBe(false);
    expect(definitionFilesIn(['tests/fixtures/models/repair', 'tests/fixtures/screens/valid.json'])).toEqual({ screens: ['tests/fixtures/screens/valid.json'], models: [ORDER] });
    expect(BASE_TABLES).toContain('users');
  });

  it('reads files with the repository context (seed dictionary, base tables, services) and names the first problem', () => {
    expect(checkModelFiles([ORDER, CUSTOMER])).toEqual([]);
    expect(checkModelFiles([ORDER, CUSTOMER, BAD])).toEqual(only('/fields/1/name', '字段名重复：code', BAD));
  });

  it('npm run screens:check checks models too, and names file, path and message of the first problem', () => {
    const passing = spawnSync('npx', ['tsx', 'scripts/screens-check.ts', ORDER, CUSTOMER], { encoding: 'utf8' });
    expect(passing.stdout.trim()).toBe('已检查 0 个页面定义、2 个模型，全部通过。');
    expect(passing.status).toBe(0);
    const failing = spawnSync('npx', ['tsx', 'scripts/screens-check.ts', CUSTOMER, BAD], { encoding: 'utf8' });
    expect(failing.status).toBe(1);
    expect(failing.stderr.trim().split('\n').filter((l) => !l.includes('npm warn'))).toEqual([`${BAD}: /fields/1/name 字段名重复：code`]);
  }, 60_000);
});
