// The baseline: the bare Monaco JSON editor of the app (same bundle setup, same schema) on the same 3,000-line screen,
// without our semantic checks and preview; its markers come from the JSON language service alone.
import { modelUri, monaco } from '../../../../editor/monacoSetup';
import { bigScreenText } from '../bigScreen';

const model = monaco.editor.createModel(bigScreenText(), 'json', modelUri('bench'));
monaco.editor.create(document.getElementById('editor')!, { model, automaticLayout: true, minimap: { enabled: false }, stickyScroll: { enabled: false } });
