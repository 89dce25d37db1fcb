// A page of rows as every list call answers it (inside the envelope's data).

/** A list page: tables read `total` and `items`. */
export interface Page<T> {
  total: number;
  items: T[];
}
