// The TypeScript of every model's record (server/hooks/modelRecords.ts), generated from models/*.json so a hook is typed
// from its model: `ModelHooks<RepairOrderRecord>`. `npm run schema:types` writes it; a unit test fails when it is stale.
import { fileURLToPath } from 'node:url';
import type { Field, Model } from '../schemas/model/model.types';
import { refTitleAlias } from '../schemas/model/modelChecks';
import { loadModels } from '../server/models/modelCatalogue';

export const MODEL_RECORDS_PATH = fileURLToPath(new URL('../server/hooks/modelRecords.ts', import.meta.url));

function valueType(field: Field): string {
  switch (field.type) {
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'ref':
      return (field.ref?.key ?? 'id') === 'id' ? 'number' : 'string';
    case 'file':
    case 'image':
      return 'string | { name: string; url: string }';
    case 'json':
      return 'unknown';
    default:
      // Text, codes, dates in Beijing time, and exact decimals ("1280.50").
      return 'string';
  }
}

// A required field is set by the time a hook sees the record (the engine checks requirements first).
const typeOf = (field: Field) => (field.multiple ? `(${valueType(field)})[]` : field.required ? valueType(field) : `${valueType(field)} | null`);
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function recordInterface(name: string, title: string, fields: Field[], extra: string[]): string {
  const lines = fields.map((f) => `  /** ${f.label} */\n  ${f.name}: ${typeOf(f)};`);
  // Type aliases, not interfaces: a record must be assignable to Record<string, unknown> (the engine's RecordValues).
  return `/** ${title} */\nexport type ${name} = {\n${[...lines, ...extra].join('\n')}\n};\n`;
}

function modelInterfaces(model: Model): string {
  const name = `${pascal(model.name)}Record`;
  const implicit = ['  id: number;', ...(model.scope === 'owner' ? ['  ownerCode: string;', '  dealerName?: string;'] : []), '  createdAt: string;', '  updatedAt: string;'];
  const titles = model.fields.filter((f) => f.type === 'ref' && !f.multiple).map((f) => `  ${refTitleAlias(f)}?: string | null;`);
  const answers = (model.answers ?? []).map((a) => `  /** ${a.label}（钩子加入） */\n  ${a.name}?: unknown;`);
  const children = (model.children ?? []).map((c) => `  ${c.name}: ${pascal(model.name)}${pascal(c.name)}Line[];`);
  const lines = (model.children ?? []).map((c) => recordInterface(`${pascal(model.name)}${pascal(c.name)}Line`, `${model.title} › ${c.title}`, c.fields, ['  id?: number;', '  lineNo?: number;']));
  return [...lines, recordInterface(name, model.title, model.fields, [...implicit, ...titles, ...answers, ...children])].join('\n');
}

export function renderModelRecords(): string {
  const models = loadModels().map((m) => m.model);
  const banner = '/* Generated from models/*.json by `npm run schema:types`. Do not edit by hand. */\n';
  return `${banner}\n${models.map(modelInterfaces).join('\n')}`;
}
