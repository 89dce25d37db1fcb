import { waitFor } from '@testing-library/react';

/** Waits until `find` answers an element, and answers it. waitFor settles on the first answer that does not throw, so
 *  `waitFor(() => query()!)` ends on a null before the element is drawn and the test fails later on a slow machine. */
export function appeared<T>(find: () => T | null | undefined, what: string): Promise<T> {
  return waitFor(() => {
    const found = find();
    if (found == null) throw new Error(`${what} has not appeared`);
    return found;
  });
}
