import pg from "pg";

/** A write that goes to the database one element at a time or many in one statement, its answers in the input's order. */
export interface BatchedWrite<Call, Answer> {
  /** One element in a statement of its own (sent again by the caller's rule if PostgreSQL cancels it for a deadlock). */
  alone(call: Call): Promise<Answer>;
  /** Several in one statement and one transaction, answered in the order given. */
  together(calls: Call[]): Promise<Answer[]>;
}

interface Waiting<Call, Answer> {
  call: Call;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

/** The most elements one statement carries (they hold their locks to its commit); more wait for the next. */
const MOST_IN_A_BATCH = 64;

/**
 * One instance's share of a batched write's statements in flight when `liveInstances` share the database: the cluster's
 * bound divided among them, at least one each (issue 32). Each statement in flight is a commit the others' elements do
 * not join: two instances with the whole bound each would commit about twice as often per element as one instance does,
 * and every commit costs the database (and the instances) a statement's parse, execution and WAL flush.
 */
export function inFlightShare(clusterBound: number, liveInstances: number): number {
  return Math.max(1, Math.floor(clusterBound / Math.max(1, liveInstances)));
}

/**
 * Group commit on the client (issue 32), for claims (claim-batcher.ts) and outcomes (outcome-batcher.ts) alike: an
 * element goes to the database at once while fewer than `maxInFlight()` of this batcher's statements are in flight;
 * otherwise it waits, and when one returns, every element waiting goes as one statement: one round trip, one parse, one
 * commit for all of them. No timer: at low load an element goes alone and waits for nothing. An answer is given only once
 * its statement committed. A batch the database refuses as a whole (a deadlock with another batch, any error in one of
 * its elements) was rolled back entirely, so each of its elements is then sent alone: one bad element fails only itself,
 * and none is applied twice. A batch whose fate is unknown (the connection lost) fails each of its elements with that
 * error, as an element sent alone would.
 */
export class StatementBatcher<Call, Answer> {
  private inFlight = 0;
  private readonly waiting: Waiting<Call, Answer>[] = [];

  constructor(
    private readonly write: BatchedWrite<Call, Answer>,
    /** Read at each element: the bound follows the instances sharing the database as the heartbeat counts them. */
    private readonly maxInFlight: () => number,
  ) {}

  send(call: Call): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ call, resolve, reject });
      if (this.inFlight < this.maxInFlight()) this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    const batch = this.waiting.splice(0, MOST_IN_A_BATCH);
    this.inFlight++;
    let released = false;
    // Before the answers are given: an element their callers send next counts only the statements still in flight.
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (this.waiting.length > 0) this.sendWaiting();
    };
    void this.sendBatch(batch, release).finally(release);
  }

  private async sendBatch(batch: Waiting<Call, Answer>[], release: () => void): Promise<void> {
    let answers: Answer[];
    try {
      answers = batch.length === 1 ? [await this.write.alone(batch[0]!.call)] : await this.write.together(batch.map((w) => w.call));
    } catch (error) {
      if (batch.length === 1 || !(error instanceof pg.DatabaseError)) {
        release();
        for (const element of batch) element.reject(error);
        return;
      }
      // The database refused the statement, so its transaction was rolled back: nothing of the batch stands.
      await Promise.all(
        batch.map((element) =>
          this.write.alone(element.call).then(
            (answer) => element.resolve(answer),
            (alone: unknown) => element.reject(alone),
          ),
        ),
      );
      return;
    }
    release();
    batch.forEach((element, i) => element.resolve(answers[i] as Answer));
  }
}
