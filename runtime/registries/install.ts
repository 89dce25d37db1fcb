// Installs the registries as the screen interpreter's extensions (screen/screenExtensions.ts): called once when the
// interpreter's chunk loads (runtime/app/screenInterpreter.tsx) and by the tests' set-up. The registries import their
// implementations; nothing imports a registry but this file and the cell renderers' one consumer, the column builder.
import { installScreenExtensions } from '../screen/screenExtensions';
import { actionRegistry } from './actions';
import { blockRegistry } from './blocks';
import { widgetRegistry } from './widgets';

export function installRegistries(): void {
  installScreenExtensions({ fieldTypes: widgetRegistry, actions: actionRegistry, blocks: blockRegistry });
}
