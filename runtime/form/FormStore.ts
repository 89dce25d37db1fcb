// The values and errors of one form, with a subscription per field name: a keystroke in one field notifies that field
// alone, so only its cell re-renders (rjsf's Form re-renders every field on each change).

type Listener = () => void;
export type Values = Record<string, unknown>;

export class FormStore {
  private values: Values;
  private errors: Record<string, string> = {};
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();
  private readonly versions = new Map<string, number>();
  private version = 0;

  constructor(initial: Values) {
    this.values = { ...initial };
  }

  get(name: string): unknown {
    return this.values[name];
  }

  /** The live values, read-only by convention: expressions and effects read other fields through it. */
  view(): Readonly<Values> {
    return this.values;
  }

  snapshot(): Values {
    return Object.fromEntries(Object.entries(this.values).filter(([, value]) => value !== undefined));
  }

  error(name: string): string | undefined {
    return this.errors[name];
  }

  hasErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  set(name: string, value: unknown): void {
    if (Object.is(this.values[name], value)) return;
    this.values[name] = value;
    this.changed([name]);
  }

  /** Replaces every value (reset, load): every field that had or has a value hears about it. */
  replace(values: Values): void {
    const names = new Set([...Object.keys(this.values), ...Object.keys(values)]);
    this.values = { ...values };
    this.changed([...names]);
  }

  /** Sets the errors of the names given; names left out keep theirs unless `all` replaces the whole set. */
  setErrors(errors: Record<string, string>, names: string[] | 'all'): void {
    const touched = names === 'all' ? new Set([...Object.keys(this.errors), ...Object.keys(errors)]) : new Set(names);
    const changed: string[] = [];
    for (const name of touched) {
      const next = errors[name];
      if (this.errors[name] === next) continue;
      if (next === undefined) delete this.errors[name];
      else this.errors[name] = next;
      changed.push(name);
    }
    if (changed.length > 0) this.changed(changed);
  }

  subscribe(name: string, listener: Listener): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: Listener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  /** A number that changes whenever one of the names (or, for '*', anything) changes. */
  versionOf(names: readonly string[] | '*'): number {
    if (names === '*') return this.version;
    let sum = 0;
    for (const name of names) sum += this.versions.get(name) ?? 0;
    return sum;
  }

  private changed(names: string[]): void {
    this.version++;
    for (const name of names) this.versions.set(name, (this.versions.get(name) ?? 0) + 1);
    for (const name of names) for (const listener of this.listeners.get(name) ?? []) listener();
    for (const listener of this.anyListeners) listener();
  }
}
