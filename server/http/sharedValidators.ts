// Request validators compiled once per process instead of once per Fastify instance. Fastify gives each instance its own
// Ajv and compiles every route's schemas again at ready: the app and the model host (rebuilt on each model publish)
// compiled the same ~700 route schemas, about a second of each start and each publish, and every server a test file
// starts paid it again. A validator depends only on the schema, the Ajv options and the shared schemas, so it is kept
// under all three as text.
import { AjvCompiler } from '@fastify/ajv-compiler';

// The package's types give the compile function Ajv's own signature (schema, meta); Fastify calls it with the route.
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Validate = (data: unknown) => boolean;
type CompilerOptions = { customOptions?: unknown; mode?: string };
type BuildValidator = (externalSchemas: unknown, options?: CompilerOptions) => (route: RouteSchema) => Validate;

const compilers = AjvCompiler() as unknown as BuildValidator;
const compiled = new Map<string, Validate>();

const buildShared: BuildValidator = (externalSchemas, options) => {
  const compile = compilers(externalSchemas, options);
  const context = JSON.stringify([externalSchemas, options?.customOptions, options?.mode ?? '']);
  return (route) => {
    const key = context + JSON.stringify(route.schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = compile(route);
      compiled.set(key, validate);
    }
    return validate;
  };
};

export const sharedValidators = buildShared as unknown as ReturnType<typeof AjvCompiler>;
