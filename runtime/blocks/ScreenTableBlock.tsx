import type { BlockProps } from '../screen/screenExtensions';
import { DataTable } from './DataTable';
import { Toolbar } from './Toolbar';

/** table: the screen's toolbar and table where this block stands (under the cards of /onepage), not under the filter bar. */
export default function ScreenTableBlock({ store }: BlockProps) {
  return (
    <>
      <Toolbar store={store} />
      <DataTable store={store} />
    </>
  );
}
