// A block of a light screen (runtime/app/pages/LightScreenPage.tsx) that is not an overview block (a dashboard, tabs,
// a chart): rendered by the screen interpreter's block list, over one screen store per screen. A chunk of the
// interpreter: only a user shown such a block loads it.
import { useMemo } from 'react';
import type { Block, Screen } from '../../schemas/screen/screen.types';
import { session } from '../stores/session';
import { BlockList } from './ScreenBlocks';
import { useScreenAddress } from './screenParams';
import { ScreenStore } from './ScreenStore';

const stores = new WeakMap<Screen, ScreenStore>();

function storeOf(screen: Screen): ScreenStore {
  let store = stores.get(screen);
  if (!store) stores.set(screen, (store = new ScreenStore(screen, [])));
  return store;
}

/** One block, placed by the light page (which has given it its span already). */
export default function InterpretedBlock({ screen, block }: { screen: Screen; block: Block }) {
  const store = storeOf(screen);
  const address = useScreenAddress();
  useMemo(() => store.setAddress(address.path, address.params, session.user), [store, address]);
  // The same object on every render: a block's effects follow its definition.
  const blocks = useMemo(() => {
    const { span: _placed, ...rest } = block;
    return [rest];
  }, [block]);
  return <BlockList blocks={blocks} store={store} />;
}
