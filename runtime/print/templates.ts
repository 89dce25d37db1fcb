// The print templates: every JSON file in ./templates (schemas/print.schema.json), by name. They ship with the runtime
// and are checked against the schema by tests/unit/printTemplates.test.ts.
import type { PrintTemplate } from '../../schemas/print/print.types';

export type { PrintData } from './renderPrintTemplate';

const files = import.meta.glob<PrintTemplate>('./templates/*.json', { eager: true, import: 'default' });

export const printTemplates: Readonly<Record<string, PrintTemplate>> = Object.fromEntries(Object.values(files).map((template) => [template.name, template]));
