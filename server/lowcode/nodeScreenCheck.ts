// The screen check as Node runs it, for `npm run screens:check` and for the server's save: the one implementation
// (schemas/screen/screenChecks.ts) with the schema compiled by the Node ajv configuration. It loads only schemas/ and
// ajv: the widget, action and block names come from the contract's name lists, not from the runtime's registries.
import { checkScreen, type ScreenCheckContext, type ScreenCheckResult } from '../../schemas/screen/screenChecks';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';

const validate = createScreenAjv().compile(screenSchema);

export function checkScreenInNode(value: unknown, context: ScreenCheckContext): ScreenCheckResult {
  return checkScreen(value, validate, context);
}
