// antd's Result, loaded when a page first shows one: its status pictures (403, 404, 500) weigh about 10 KB gzip, and
// the shell's pages show a Result only when something is wrong, never on the first screen of a sign-in (issue 20).
import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const AntResult = lazy(() => import('antd/es/result'));

export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
