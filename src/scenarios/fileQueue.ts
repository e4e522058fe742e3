/**
 * The files of one run, the order to take them in, and how far taking has got, shared by every thread that
 * plays them: a thread takes the next file itself (Atomics.add), so no thread waits for another to hand it work.
 */
export class FileQueue {
  private readonly next: Int32Array

  constructor(
    readonly files: readonly string[],
    /** Indexes of `files` in the order they are taken (reports keep file order whatever it is). */
    readonly order: readonly number[] = files.map((_, index) => index),
    shared: SharedArrayBuffer = new SharedArrayBuffer(4),
  ) {
    this.next = new Int32Array(shared)
  }

  get shared(): SharedArrayBuffer {
    return this.next.buffer as SharedArrayBuffer
  }

  /** The index (in `files`) of the next file to play, or undefined when every file is taken. */
  take(): number | undefined {
    return this.order[Atomics.add(this.next, 0, 1)]
  }
}
