// Reading a large result in id order, one batch at a time (exports): keyset paging, so each batch costs the same
// however deep into the result it is.
export async function* keysetBatches<T extends { id: number }>(next: (afterId: number, limit: number) => Promise<T[]>, batchSize: number): AsyncGenerator<T[]> {
  for (let after = 0; ; ) {
    const rows = await next(after, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
