// One ajv configuration for the model contract (schemas/model.schema.json), as ../screen/screenAjv.ts is for screens:
// `npm run screens:check`, the server and the editor compile the schema with it once.
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import modelSchema from '../model.schema.json' with { type: 'json' };

export { modelSchema };

export function createModelAjv(extra: Options = {}): Ajv2020 {
  return new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, ...extra });
}
