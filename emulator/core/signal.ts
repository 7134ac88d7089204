/**
 * A typed event with listeners; `emit` resolves once every listener (sync or async) is done, so
 * e.g. a clock advance can answer only after whatever fell due has run.
 */
export class Signal<T> {
  private readonly listeners = new Set<(value: T) => void | Promise<void>>();

  /** Adds a listener; the returned function removes it. */
  subscribe(listener: (value: T) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async emit(value: T): Promise<void> {
    await Promise.all([...this.listeners].map(async (listener) => listener(value)));
  }
}
