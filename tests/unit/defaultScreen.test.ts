import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import runtimeConfig from '../../runtime/public/config.json';
import { defaultScreen } from '../../schemas/model/defaultScreen';
import { checkModels } from '../../schemas/model/modelChecks';
import type { Model } from '../../schemas/model/model.types';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';
import { checkScreen } from '../../schemas/screen/screenChecks';
import { loadedModel, repositoryModels } from '../../server/models/modelCatalogue';
import { offlineScreenCheckContext } from '../../server/lowcode/offlineScreenKnowledge';

const validate = createScreenAjv().compile(screenSchema);
const INSURANCE = JSON.parse(readFileSync('tests/fixtures/configurator/vehicleInsurance.json', 'utf8')) as Model;
// The two dictionaries the configurator adds in 字典管理 for the new kind of record.
const NEW_DICTIONARIES = ['8601', '8602'];

describe('the default screen of a model', async () => {
  const repository = repositoryModels();
  const models = [...repository, loadedModel(INSURANCE, 'tests/fixtures/configurator/vehicleInsurance.json', 'custom')];
  const { server } = await offlineScreenCheckContext(models);
  const context = { services: new Set(Object.keys(runtimeConfig.services)), server: { ...server!, dictTypes: new Set([...server!.dictTypes, ...NEW_DICTIONARIES]) } };

  it('[issue21] the fixture 车辆保险 is a valid model: dictionary, state flow, reference to customers, export and import', () => {
    expect(checkModels([{ file: 'vehicleInsurance.json', value: INSURANCE }], { dictTypes: context.server.dictTypes })).toEqual([]);
  });

  it('[issue21] passes the one screen check for every repository model and for a new one', () => {
    for (const { model } of models) {
      const screen = defaultScreen(model, models.map((m) => m.model));
      const checked = checkScreen(screen, validate, context);
      expect(checked, `${model.name}: ${JSON.stringify(checked).slice(0, 400)}`).toMatchObject({ ok: true });
    }
  });

  it('[issue21] lists with a filter bar from the filterable fields, adds and edits, transitions as row actions, exports and imports', () => {
    const screen = defaultScreen(INSURANCE, models.map((m) => m.model));
    expect(screen.filter!.fields.map((f) => [f.fieldName, f.type])).toEqual([
      ['policyNo', 'input'],
      ['kind', 'select'],
      ['status', 'select'],
      ['startFrom|startTo', 'date-range'],
    ]);
    expect(screen.table!.api).toBe('repair:GET vehicleInsurances');
    expect(screen.table!.columns.map((c) => c.dataIndex)).toEqual(['policyNo', 'kind', 'customerName', 'premium', 'startDate', 'status', 'cancelReason', 'dealerName', 'createdAt']);
    // Money shows two decimals (4,380.50); a count or a decimal only groups its digits.
    expect(screen.table!.columns.find((c) => c.dataIndex === 'premium')!.type).toBe('money');
    expect(screen.dialogs!.record!.submit).toEqual({ add: 'repair:POST vehicleInsurances', edit: 'repair:PUT vehicleInsurances/{id}' });
    // The state is the server's: shown, not typed.
    expect(screen.dialogs!.record!.form.fields.find((f) => f.fieldName === 'status')).toMatchObject({ disabled: true });
    // A model date (yyyy-MM-dd) is the form's exact date, so a loaded record shows it.
    expect(screen.dialogs!.record!.form.fields.find((f) => f.fieldName === 'startDate')).toMatchObject({ type: 'exactdate', required: true });
    expect(screen.rowActions!.map((a) => [a.label, a.visible])).toEqual([
      ['查看', undefined],
      ['编辑', "row.status == '86011001'"],
      ['生效', "row.status == '86011001'"],
      ['退保', "row.status == '86011002'"],
      ['删除', "row.status == '86011001'"],
    ]);
    expect(screen.dialogs!.cancel!.submit).toEqual({ edit: 'repair:POST vehicleInsurances/{id}/cancel' });
    expect(screen.toolbar!.map((b) => b.label)).toEqual(['新增', '刷新', '导出到下载中心', '导入']);
    expect(screen.permissions).toMatchObject({ add: 'POST_repair_vehicleInsurances', activate: 'POST_repair_vehicleInsurances/{id}/activate', import: 'POST_repair_vehicleInsurances/import', exportJob: 'GET_repair_vehicleInsurances/export' });
  });
});
