import type { Deadline } from './deadline.ts'

/** Log ids in ascending order, one per `next()`, then -1. */
export interface IdStream {
  next(): number
}

/** Every id of `[from, to)`. */
export class RangeStream implements IdStream {
  constructor(
    private id: number,
    private readonly to: number,
  ) {}

  next(): number {
    return this.id < this.to ? this.id++ : -1
  }
}

/** The ids of one ascending run. */
export class RunStream implements IdStream {
  private index = 0

  constructor(private readonly run: Uint32Array) {}

  next(): number {
    return this.index < this.run.length ? this.run[this.index++]! : -1
  }
}

/**
 * The union of disjoint ascending runs (the OR alternatives of one position: a log has one value there), merged
 * through a binary heap of runs keyed by their next id, so each id costs O(log runs) however many runs there are.
 */
export class UnionStream implements IdStream {
  private readonly heap: number[]
  private readonly cursors: Uint32Array

  /** @param runs non-empty, pairwise disjoint. */
  constructor(private readonly runs: readonly Uint32Array[]) {
    this.cursors = new Uint32Array(runs.length)
    this.heap = runs.map((_, run) => run)
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i)
  }

  next(): number {
    const heap = this.heap
    if (heap.length === 0) return -1
    const run = heap[0]!
    const id = this.runs[run]![this.cursors[run]!++]!
    if (this.cursors[run] === this.runs[run]!.length) {
      const last = heap.pop()!
      if (heap.length === 0) return id
      heap[0] = last
    }
    this.siftDown(0)
    return id
  }

  private nextIdOf(run: number): number {
    return this.runs[run]![this.cursors[run]!]!
  }

  private siftDown(i: number): void {
    const heap = this.heap
    const run = heap[i]!
    const id = this.nextIdOf(run)
    for (;;) {
      let child = 2 * i + 1
      if (child >= heap.length) break
      if (child + 1 < heap.length && this.nextIdOf(heap[child + 1]!) < this.nextIdOf(heap[child]!)) child++
      if (this.nextIdOf(heap[child]!) >= id) break
      heap[i] = heap[child]!
      i = child
    }
    heap[i] = run
  }
}

/** A membership test over ascending ids: each call's id exceeds the previous call's. */
export type IdTest = (id: number) => boolean

/** The ids of `source` that pass every test; a candidate is a unit of work for the deadline. */
export class FilteredStream implements IdStream {
  constructor(
    private readonly source: IdStream,
    private readonly tests: readonly IdTest[],
    private readonly deadline: Deadline,
  ) {}

  next(): number {
    candidates: for (let id = this.source.next(); id >= 0; id = this.source.next()) {
      this.deadline.step()
      for (const test of this.tests) if (!test(id)) continue candidates
      return id
    }
    return -1
  }
}
