/**
 * A method's result already written as JSON (a large log array), as ASCII bytes (`T`, its wire type): the dispatcher
 * splices it into the response instead of serialising an object graph, and the transports send
 * the bytes as they are. It must be valid JSON.
 *
 * The JSON may sit in a larger buffer with free room before and after it, left by its writer so
 * that the response envelope can be written around it in place: a 6 MB answer is then neither
 * copied nor allocated a second time.
 */
export class RawJson<T = unknown> {
  /** The wire value this JSON stands for (types only: a method declares its answer's type). */
  declare readonly wireType?: T
  readonly #buffer: Buffer
  readonly #start: number
  readonly #end: number

  /** The JSON is `buffer[start, end)`; the rest of `buffer` is free room. */
  constructor(buffer: Uint8Array, start = 0, end = buffer.byteLength) {
    this.#buffer = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    this.#start = start
    this.#end = end
  }

  /** The JSON as text (the object API and tests; the wire never needs it). */
  get text(): string {
    return this.#buffer.toString('latin1', this.#start, this.#end)
  }

  /**
   * `prefix` + JSON + `suffix`, in place when the room around the JSON holds them, else copied.
   * An in-place result shares the room, so it is valid until this value is wrapped again.
   */
  wrap(prefix: string, suffix: string): Buffer {
    const head = Buffer.from(prefix, 'utf8')
    const tail = Buffer.from(suffix, 'utf8')
    const json = this.#buffer.subarray(this.#start, this.#end)
    if (head.length > this.#start || this.#end + tail.length > this.#buffer.length) return Buffer.concat([head, json, tail])
    head.copy(this.#buffer, this.#start - head.length)
    tail.copy(this.#buffer, this.#end)
    return this.#buffer.subarray(this.#start - head.length, this.#end + tail.length)
  }
}
