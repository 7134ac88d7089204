import type { PGlite } from '@electric-sql/pglite';

interface Job {
  connection: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  /** The connection's last job, once it closed: ends its exchange (Sync) and rolls back its transaction. */
  last?: boolean;
}

// Extended-protocol messages that leave an exchange open until the connection's Sync: Parse,
// Bind, Describe, Execute, Close, Flush.
const OPENS_EXCHANGE = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/**
 * The order in which the embedded server runs its connections' messages on the one PGlite
 * session. pglite-socket 0.2.17's own queue keeps a connection to itself only inside a
 * transaction block; between one connection's Parse and its Bind another connection's Parse
 * could run and replace the unnamed statement (seen in the money model: "bind message supplies 2
 * parameters, but prepared statement "" requires 6"). This queue gives PGlite to one connection
 * from its first message until its Sync, and for as long as it is in a transaction. It has the
 * interface pglite-socket's handlers call (enqueue, clearQueueForHandler,
 * clearTransactionIfNeeded, getQueueLength); see server.ts.
 */
export class ConnectionOrderedQueue {
  private jobs: Job[] = [];
  private running = false;
  /** The connection PGlite belongs to until its exchange or transaction ends. */
  private owner: number | undefined;

  constructor(private readonly db: PGlite) {}

  enqueue(connection: number, message: Uint8Array, onData: (data: Uint8Array) => void, last = false): Promise<number> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ connection, message, onData, resolve, reject, last });
      void this.run();
    });
  }

  private next(): Job | undefined {
    const at = this.owner === undefined ? 0 : this.jobs.findIndex((job) => job.connection === this.owner);
    return at === -1 ? undefined : this.jobs.splice(at, 1)[0];
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.next(); job; job = this.next()) {
        const current = job;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
          // exec takes PGlite's locks itself (inside runExclusive it would wait forever); this loop
          // is the only one running anything on it, so nothing comes between.
          if (current.last && this.db.isInTransaction()) await this.db.exec('rollback');
          current.resolve(bytes);
        } catch (error) {
          current.reject(error);
        }
        const open = !current.last && (OPENS_EXCHANGE.has(current.message[0] ?? 0) || this.db.isInTransaction());
        this.owner = open ? current.connection : undefined;
      }
    } finally {
      this.running = false;
    }
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(connection: number): void {
    for (const job of this.jobs.filter((queued) => queued.connection === connection)) {
      job.reject(new Error('connection closed'));
    }
    this.jobs = this.jobs.filter((job) => job.connection !== connection);
  }

  /**
   * Called when a connection closes (after clearQueueForHandler): its last job ends whatever
   * exchange or transaction it left open, in its turn, so PGlite is never left to a gone connection.
   */
  async clearTransactionIfNeeded(connection: number): Promise<void> {
    await this.enqueue(connection, SYNC, () => undefined, true).catch(() => undefined);
  }
}
