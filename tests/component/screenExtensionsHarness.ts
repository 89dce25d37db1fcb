// Adds test-only widgets, actions or blocks to the installed registries (tests/component/setup.ts installs the real
// ones) and answers how to take them away again.
import { installScreenExtensions, screenExtensions, type ScreenExtensions } from '../../runtime/screen/screenExtensions';

export function addExtensions(extra: { [K in keyof ScreenExtensions]?: ScreenExtensions[K] }): () => void {
  const before = screenExtensions();
  installScreenExtensions({
    fieldTypes: { ...before.fieldTypes, ...extra.fieldTypes },
    actions: { ...before.actions, ...extra.actions },
    blocks: { ...before.blocks, ...extra.blocks },
  });
  return () => installScreenExtensions(before);
}
