// Monaco's messages in Chinese (find widget, context menu, suggest, hover, diff...): the zh-cn table of the pinned
// monaco-editor release, set as the global its localize() reads. Loaded before the editor pages (editorPages.ts).
import 'monaco-editor/nls/lang/zh-cn.js';
