// The screen check as Node runs it, for `npm run screens:check` and for the server's save: the one implementation
// (runtime/screen/screenChecks.ts) with the schema compiled by the Node ajv configuration and the registries' names.
// Importing this module loads the widgets' modules (React, antd), about 2.5 s: the server imports it on its first check.
import runtimeConfigJson from '../../runtime/public/config.json' with { type: 'json' };
import { actionTypes } from '../../runtime/registries/actions';
import { blockTypes } from '../../runtime/registries/blocks';
import { widgetTypes } from '../../runtime/registries/widgets';
import { checkScreen, type ScreenCheckResult, type ServerKnowledge } from '../../runtime/screen/screenChecks';
import { createScreenAjv, screenSchema } from '../../schemas/screenAjv';

const validate = createScreenAjv().compile(screenSchema);
const context = {
  widgetTypes: widgetTypes(),
  actionTypes: actionTypes(),
  blockTypes: blockTypes(),
  services: new Set(Object.keys(runtimeConfigJson.services)),
};

export function checkScreenInNode(value: unknown, server?: ServerKnowledge): ScreenCheckResult {
  return checkScreen(value, validate, { ...context, server });
}
