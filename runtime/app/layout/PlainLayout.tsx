import { PageHost } from './PageHost';

/** The plain route view of an embedded frame: the pages, no menu, header or tabs. */
export function PlainLayout() {
  return (
    <div className="dms-plain">
      <PageHost />
    </div>
  );
}
