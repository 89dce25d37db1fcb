// One ajv configuration for the screen contract: the Node tools compile with it, and the browser build turns the same
// compilation into standalone code (no eval at run time, so the app works under a strict CSP).
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import screenSchema from '../screen.schema.json' with { type: 'json' };

export { screenSchema };

export function createScreenAjv(extra: Options = {}): Ajv2020 {
  // strictRequired is off: the if/then rules require properties declared on the object itself, which ajv cannot see there.
  return new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, ...extra });
}
