// The calls a widget makes by itself, without the screen naming them (the runtime's widgets: positionLookups.ts,
// MaterialCascade.tsx, picker/pickerData.ts, runtime/upload/). A menu that shows such a widget needs these routes' keys,
// so the server adds them when it derives a screen menu's permission keys (server/data/screenMenus.ts); a widget that
// starts calling something new adds it here. tests/server/screenMenus.test.ts checks each names a route of the server.

const FILE_CALLS = [
  'file:POST image',
  'file:POST upload',
  'file:POST uploads',
  'file:GET download/{uid}',
  'file:GET preview/{uid}',
  'file:POST publish/{uid}',
] as const;

const ORG_PICKER_CALLS = ['org:POST dealer/selectOrgInfo', 'org:GET area/list', 'org:GET orgs/getAllOrgsByOrgId/{id}', 'org:POST user/listUserPosition'] as const;

/** Widget type -> the api references (service:METHOD path) it calls on its own. */
export const WIDGET_CALLS: Readonly<Record<string, readonly string[]>> = {
  consultant: ['basedata:GET employees/consultants'],
  user: ['basedata:GET employees/byPosition'],
  'material-cascade': ['basedata:GET materials/level/{level}', 'basedata:GET materials/{id}/items'],
  'dealer-picker': ORG_PICKER_CALLS,
  'consultant-picker': ORG_PICKER_CALLS,
  'image-upload': FILE_CALLS,
  'file-upload': FILE_CALLS,
  'upload-button': FILE_CALLS,
  'oss-upload': [...FILE_CALLS, 'file:POST chunked/open', 'file:GET chunked/{uploadId}', 'file:POST chunked/chunk', 'file:POST chunked/complete'],
};
