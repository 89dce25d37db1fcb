import { fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Field } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { openDropdown, optionTexts, pick, renderForm } from './formHarness';

const MATERIALS: Record<string, { materialId: number; materialNameZh: string }[]> = {
  'level/1': [{ materialId: 1, materialNameZh: '华晟' }],
  '1/items': [{ materialId: 11, materialNameZh: '华晟 A3' }, { materialId: 12, materialNameZh: '华晟 E6' }],
  '12/items': [{ materialId: 121, materialNameZh: '长续航版 520km' }],
  '121/items': [{ materialId: 1211, materialNameZh: '标准配置' }],
  '1211/items': [{ materialId: 12111, materialNameZh: '珍珠白' }],
  '11/items': [{ materialId: 111, materialNameZh: '1.5L 手动舒适版' }],
};
const TREE = [
  { value: 'F01', text: '发动机', children: [{ value: 'F0101', text: '异响' }, { value: 'F0102', text: '抖动' }] },
  { value: 'F03', text: '电气', children: [{ value: 'F0301', text: '空调不制冷' }] },
];
const REGIONS = [
  { regionCode: '110000', regionName: '北京市', tcRegionList: [{ regionCode: '110100', regionName: '北京市', tcRegionList: [{ regionCode: '110105', regionName: '朝阳区', tcRegionList: [] }] }] },
];

let calls: FakeCall[];
beforeEach(() => {
  const routes: Record<string, object> = {
    'GET /api/repair/trees/fault': ok({ list: TREE }),
    'GET /api/dict/regions': ok(REGIONS),
    'GET /api/basedata/materialOption/1211/PKG': ok([{ optionId: 7, optionNameZh: '全景天窗包' }]),
  };
  for (const [path, list] of Object.entries(MATERIALS)) routes[`GET /api/basedata/materials/${path}`] = ok(list);
  calls = fakeServer(routes).calls;
});

const levelInput = (form: ReturnType<typeof renderForm>, fieldName: string, level: number) => form.input(fieldName, level === 0 ? '' : `_${level}`);

async function chooseLevel(form: ReturnType<typeof renderForm>, fieldName: string, level: number, text: string) {
  await waitFor(() => expect(levelInput(form, fieldName, level).disabled).toBe(false));
  await openDropdown(levelInput(form, fieldName, level));
  await pick(text, '.ant-select-item-option');
}

describe('the vehicle-material cascade', () => {
  const field: Field = { fieldName: 'brandId|seriesId|modelId|configId|colorId', label: '车型', type: 'material-cascade', required: true, change: [{ clear: ['optionIds'] }] };

  it('[BB-FORM-17] [BB-FORM-55] [BB-FORM-56] [BB-FORM-57] [BO-LOOK-11] [BO-LOOK-12] fetches brands by level, then each level\'s children by the value chosen above, by materialId and materialNameZh', async () => {
    const form = renderForm([field]);
    const placeholders = [...form.cellOf(field.fieldName)!.querySelectorAll('.ant-select-placeholder')].map((p) => p.textContent);
    expect(placeholders).toEqual(['品牌', '车系', '车型', '配置', '颜色']);
    for (const [level, text] of ['华晟', '华晟 E6', '长续航版 520km', '标准配置', '珍珠白'].entries()) await chooseLevel(form, field.fieldName, level, text);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/basedata/materials/level/1',
      '/api/basedata/materials/1/items',
      '/api/basedata/materials/12/items',
      '/api/basedata/materials/121/items',
      '/api/basedata/materials/1211/items',
    ]);
    form.submit();
    expect(form.submitted).toEqual([{ brandId: 1, seriesId: 12, modelId: 121, configId: 1211, colorId: 12111 }]);
  });

  it('clears the levels below a changed level, and a required cascade must reach its last level', async () => {
    const form = renderForm([field]);
    await chooseLevel(form, field.fieldName, 0, '华晟');
    await chooseLevel(form, field.fieldName, 1, '华晟 E6');
    await chooseLevel(form, field.fieldName, 2, '长续航版 520km');
    await chooseLevel(form, field.fieldName, 1, '华晟 A3');
    expect(levelInput(form, field.fieldName, 3).disabled).toBe(true);
    form.submit();
    expect(form.failed).toEqual([{ [field.fieldName]: '车型请选择完整' }]);
  });

  it('gives a select whose request names a level ({configId}) the options of the chosen configuration, cleared when the car changes', async () => {
    const form = renderForm([
      field,
      { fieldName: 'optionIds', label: '选装配置', type: 'select', multiple: true, request: { api: 'basedata:GET materialOption/{configId}/PKG', valueKey: 'optionId', textKey: 'optionNameZh' } },
    ]);
    expect(calls.some((c) => c.url.includes('materialOption'))).toBe(false);
    for (const [level, text] of ['华晟', '华晟 E6', '长续航版 520km', '标准配置', '珍珠白'].entries()) await chooseLevel(form, field.fieldName, level, text);
    await openDropdown(form.input('optionIds'));
    await pick('全景天窗包');
    form.submit();
    expect(form.submitted[0]).toMatchObject({ configId: 1211, optionIds: [7] });
    await chooseLevel(form, field.fieldName, 1, '华晟 A3');
    form.submit();
    expect(form.submitted).toHaveLength(1);
    expect(form.input('optionIds').closest('.ant-select')!.textContent).not.toContain('全景天窗包');
  });
});

describe('trees', () => {
  it('[BB-FORM-19] [BO-ENT-13] [BO-CONST-15] walks a cascader over value, text and children, each level its own field', async () => {
    const form = renderForm([{ fieldName: 'system|symptom', label: '故障现象', type: 'cascader', request: { api: 'repair:GET trees/fault', datakey: 'list' } }]);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/repair/trees/fault')).toBe(true));
    await openDropdown(form.input('system|symptom'));
    await pick('电气', '.ant-cascader-menu-item');
    await pick('空调不制冷', '.ant-cascader-menu-item');
    // Its dropdown carries the class whose menus form.css caps at 250 px (back-office §9).
    expect(document.querySelector('.ant-cascader-dropdown')!.className).toContain('dms-cascader-popup');
    form.submit();
    expect(form.submitted).toEqual([{ system: 'F03', symptom: 'F0301' }]);
  });

  it('[BB-FORM-20] offers one select per level in a cascader group, each waiting for the level above', async () => {
    const form = renderForm([{ fieldName: 'system|symptom', label: '故障', type: 'cascader-group', placeholder: '系统/现象', options: TREE, required: true }]);
    const cell = form.cellOf('system|symptom')!;
    expect([...cell.querySelectorAll('.ant-select-placeholder')].map((p) => p.textContent)).toEqual(['系统', '现象']);
    expect(levelInput(form, 'system|symptom', 1).disabled).toBe(true);
    await chooseLevel(form, 'system|symptom', 0, '发动机');
    form.submit();
    expect(form.failed[0]).toEqual({ 'system|symptom': '故障请选择完整' });
    await chooseLevel(form, 'system|symptom', 1, '抖动');
    form.submit();
    expect(form.submitted).toEqual([{ system: 'F01', symptom: 'F0102' }]);
  });

  it('[BB-FORM-18] [BO-CONST-15] chooses from a tree select, its dropdown at most 250 px tall', async () => {
    const form = renderForm([{ fieldName: 'item', label: '维修项目', type: 'tree-select', options: TREE }]);
    await openDropdown(form.input('item'));
    await pick('空调不制冷', '.ant-select-tree-node-content-wrapper');
    expect(document.querySelector<HTMLElement>('.ant-select-tree-list-holder')!.style.maxHeight).toBe('250px');
    form.submit();
    expect(form.submitted).toEqual([{ item: 'F0301' }]);
  });

  it('[BO-ENT-12] picks province, city and county from the region tree, one field each', async () => {
    const form = renderForm([{ fieldName: 'provinceCode|cityCode|countyCode', label: '所在地区', type: 'region' }]);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/dict/regions')).toBe(true));
    await openDropdown(form.input('provinceCode|cityCode|countyCode'));
    await pick('北京市', '.ant-cascader-menu-item');
    const menus = document.querySelectorAll('.ant-cascader-menu');
    fireEvent.click(within(menus[1] as HTMLElement).getByText('北京市'));
    await pick('朝阳区', '.ant-cascader-menu-item');
    form.submit();
    expect(form.submitted).toEqual([{ provinceCode: '110000', cityCode: '110100', countyCode: '110105' }]);
  });
});

describe('dates and times', () => {
  it('[BB-FORM-21] shows dates and date-times in their display formats and keeps the value formats', () => {
    const form = renderForm(
      [
        { fieldName: 'd', label: '日期', type: 'date' },
        { fieldName: 'dt', label: '时间', type: 'datetime' },
        { fieldName: 'e', label: '精确日期', type: 'exactdate' },
        { fieldName: 'm', label: '月份', type: 'month' },
        { fieldName: 'y', label: '年份', type: 'year' },
      ],
      { mode: 'edit', record: { d: '2026-07-01 00:00:00', dt: '2026-07-01 09:30:00', e: '2026-07-01', m: '2026-07', y: '2026' } },
    );
    expect(['d', 'dt', 'e', 'm', 'y'].map((n) => form.input(n).value)).toEqual(['2026-07-01', '2026-07-01 09:30:00', '2026-07-01', '2026-07', '2026']);
    form.submit();
    expect(form.submitted).toEqual([{ d: '2026-07-01 00:00:00', dt: '2026-07-01 09:30:00', e: '2026-07-01', m: '2026-07', y: '2026' }]);
  });

  it('[BB-DATE-01] refuses a value before the field\'s minimum date', () => {
    const form = renderForm([{ fieldName: 'd', label: '预约日期', type: 'exactdate', minDate: '2026-01-01' }], { mode: 'edit', record: { d: '2025-12-31' } });
    form.submit();
    expect(form.failed).toEqual([{ d: '预约日期不能早于 2026-01-01' }]);
  });

  it('[BB-FORM-22] [BB-DATE-02] [BO-DATE-07] [BO-DATE-08] [BO-DATE-09] [BO-DATE-10] [BO-DATE-11] offers the shortcuts of both specs in a Chinese date range picker', async () => {
    const form = renderForm([{ fieldName: 'from|to', label: '预约日期', type: 'date-range' }], { mode: 'edit', record: { from: '2026-07-01', to: '2026-07-05' } });
    const [start, end] = [...form.cellOf('from|to')!.querySelectorAll('input')];
    expect([start!.value, end!.value]).toEqual(['2026-07-01', '2026-07-05']);
    fireEvent.mouseDown(start!);
    fireEvent.click(start!);
    await waitFor(() => expect(document.querySelector('.ant-picker-presets')).not.toBeNull());
    const presets = [...document.querySelectorAll('.ant-picker-presets li')].map((li) => li.textContent);
    expect(presets).toEqual(['最近1天', '最近2天', '最近一周', '最近30天', '最近一个月', '最近60天', '最近90天', '最近三个月', '最近半年', '本月', '今年至今']);
    // The zh-cn calendar: weeks start on Monday, days and months named in Chinese (the presets' 一 would not tell).
    const weekdays = [...document.querySelector('.ant-picker-date-panel .ant-picker-content thead tr')!.querySelectorAll('th')].map((th) => th.textContent);
    expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(document.querySelector('.ant-picker-date-panel .ant-picker-month-btn')!.textContent).toBe('7月');
    form.submit();
    expect(form.submitted).toEqual([{ from: '2026-07-01', to: '2026-07-05' }]);
  });

  it('[BB-FORM-23] [BB-DATE-04] [BB-DATE-05] [BB-DATE-06] [BB-DATE-07] edits a time, a time range and the time selects, ends one step after the start', async () => {
    const form = renderForm(
      [
        { fieldName: 'at', label: '回访时间', type: 'time' },
        { fieldName: 'from|to', label: '取车时段', type: 'time-range' },
        { fieldName: 'slot', label: '交车时刻', type: 'time-select' },
        { fieldName: 'arriveFrom|arriveTo', label: '到店时段', type: 'time-select-range' },
      ],
      { mode: 'edit', record: { at: '19:30:00', from: '08:00:00', to: '09:00:00' } },
    );
    expect(form.input('at').value).toBe('19:30:00');
    await openDropdown(form.input('slot'));
    await waitFor(() => expect(optionTexts().slice(0, 2)).toEqual(['00:00', '00:15']));
    fireEvent.change(form.input('slot'), { target: { value: '23:45' } });
    await pick('23:45');
    const [arriveStart, arriveEnd] = [...form.cellOf('arriveFrom|arriveTo')!.querySelectorAll('input')];
    await openDropdown(arriveStart!);
    fireEvent.change(arriveStart!, { target: { value: '09:00' } });
    await pick('09:00');
    await openDropdown(arriveEnd!);
    await waitFor(() => expect(optionTexts()[0]).toBe('09:15'));
    fireEvent.change(arriveEnd!, { target: { value: '09:' } });
    await waitFor(() => expect(optionTexts().filter((t) => t!.startsWith('09:')).slice(-3)).toEqual(['09:15', '09:30', '09:45']));
    await pick('09:30');
    form.submit();
    expect(form.submitted).toEqual([{ at: '19:30:00', from: '08:00:00', to: '09:00:00', slot: '23:45', arriveFrom: '09:00', arriveTo: '09:30' }]);
  });
});
