// Monaco, bundled by Vite (no loader, no CDN): the editor core with its contributions and the JSON language, whose
// language service gets schemas/screen.schema.json and schemas/model.schema.json for completion, hover (the schemas'
// Chinese descriptions) and schema markers. Both workers are module workers served from the app's own origin, so the
// strict CSP needs nothing beyond worker-src 'self'. Inside a screen's expressions and templates, the expression
// library's function names are offered too (./expressionCompletionProvider.ts).
// Monaco's own UI in Chinese: its built ESM calls localize(index, english) and looks the index up in a global table,
// which the zh-cn file of the same release fills (editor/monacoChinese.ts). The pages that reach this module load that
// file first, as a chunk of its own (editor/editorPages.ts).
import * as monaco from 'monaco-editor/editor/editor.api.js';
// The editor's contributions (hover, suggest, find, folding, the diff editor...), without the other 80 languages that
// editor.main.js would register.
import 'monaco-editor/internal/common/workers.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker.js?worker';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register.js';
import modelSchema from '../schemas/model.schema.json';
import screenSchema from '../schemas/screen.schema.json';
import { expressionCompletionProvider } from './expressionCompletionProvider';

globalThis.MonacoEnvironment = {
  getWorker: (_workerId, label) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

/** Where screen models live: two folders deep, so a screen's "$schema": "../../schemas/screen.schema.json" resolves. */
export const SCHEMA_URI = 'file:///schemas/screen.schema.json';
export const modelUri = (name: string) => monaco.Uri.parse(`file:///screens/editor/${name}.json`);
/** Where model definitions live (the repository's models/<area>/ layout), tied to the model schema. */
export const MODEL_SCHEMA_URI = 'file:///schemas/model.schema.json';
export const modelDefinitionUri = (name: string) => monaco.Uri.parse(`file:///models/editor/${name}.json`);

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  trailingCommas: 'error',
  comments: 'error',
  enableSchemaRequest: false,
  schemaValidation: 'error',
  schemas: [
    { uri: SCHEMA_URI, fileMatch: ['file:///screens/**/*.json'], schema: screenSchema },
    { uri: MODEL_SCHEMA_URI, fileMatch: ['file:///models/**/*.json'], schema: modelSchema },
  ],
});

monaco.languages.registerCompletionItemProvider('json', expressionCompletionProvider(monaco, screenSchema));

export { monaco };
