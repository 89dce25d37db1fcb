// A record page rendered again before its first commit takes the store (and the request) already made, so a render
// restarted by the arriving record never asks for it again (runtime/record/openingRecords.ts).
import { describe, expect, it } from 'vitest';
import { openedStore, openingStore } from '../../runtime/record/openingRecords';

describe('the stores of record pages being opened', () => {
  it('gives renders of one page within a moment the same store, and a page opened later a store of its own', () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const first = openingStore('finance.receivables/7', make, 1_000);
    expect(openingStore('finance.receivables/7', make, 1_500)).toBe(first);
    expect(openingStore('finance.receivables/8', make, 1_500)).not.toBe(first);
    expect(openingStore('finance.receivables/7', make, 12_000)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('forgets a page’s store once the page has committed, so opening it again asks again', () => {
    let made = 0;
    const store = openingStore('finance.invoices/3', () => ({ n: ++made }), 1_000);
    openedStore('finance.invoices/3', store);
    expect(openingStore('finance.invoices/3', () => ({ n: ++made }), 1_200)).not.toBe(store);
    expect(made).toBe(2);
  });
});
