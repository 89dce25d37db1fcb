declare module 'virtual:screen-validator' {
  import type { ValidateFunction } from 'ajv';
  /** schemas/screen.schema.json compiled to standalone code at build time. */
  const validate: ValidateFunction;
  export default validate;
}
