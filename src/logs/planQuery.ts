import { topicCountOf, topicOf } from '../evm/index.ts'
import type { Log } from '../evm/types.ts'
import type { Deadline } from './deadline.ts'
import { FilteredStream, type IdStream, type IdTest, RangeStream, RunStream, UnionStream } from './idStreams.ts'
import type { PostingTable } from './postingTable.ts'
import { gallop, lowerBound } from './sortedIds.ts'
import type { LogMatchCriteria } from './types.ts'

/**
 * Up to this many OR alternatives, a position is tested by walking one cursor per alternative's run; beyond,
 * by looking up each candidate's own value, whose cost does not grow with the number of alternatives.
 */
const MAX_CURSORS = 4

/** The parts of the log index a query reads. */
export interface IndexView {
  /** Every indexed log, by id. */
  readonly logs: readonly Log[]
  /** Topic count of every log, by id: scanned when only wildcards ask for topics. */
  readonly topicCounts: Uint8Array
  readonly addresses: PostingTable
  /** One table per topic position; their number is the most topics a log can have. */
  readonly topics: readonly PostingTable[]
}

/** How to produce the ids of an id range that match some criteria. */
export interface QueryPlan {
  /** The matching ids, ascending. */
  stream: IdStream
  /** The exact number of matching ids below `bound` (a bound inside the range), when that needs no scan. */
  countBelow: ((bound: number) => number) | undefined
}

/** One constrained field of the criteria (the address, or one topic position) resolved against its table. */
interface Constraint {
  /** Ids of each distinct wanted value within the range: ascending, pairwise disjoint, none empty. */
  runs: Uint32Array[]
  /** Handles ({@link PostingTable.firstIdOf}) of the wanted values that some log has. */
  handles: Set<number>
  /** Matching ids within the range. */
  count: number
  table: PostingTable
  /** The log's value the table holds (its address, or its topic at a position). */
  logValue: (log: Log) => Uint8Array | undefined
}

const NOTHING: QueryPlan = { stream: new RangeStream(0, 0), countBelow: () => 0 }

/**
 * Plans the ids in `[from, to)` that match `criteria`. A single constrained field (or none) is answered from
 * posting lists alone: counts by binary search, no scan. Otherwise the field with the fewest ids in the range
 * drives, and each candidate is tested against the others, most selective first, so a query costs about the
 * smallest field's share of the range, never the chain's length.
 */
export function planQuery(view: IndexView, criteria: LogMatchCriteria, from: number, to: number, deadline: Deadline): QueryPlan {
  const positions = criteria.topics?.length ?? 0
  if (positions > view.topics.length) return NOTHING
  const constraints: Constraint[] = []
  if (criteria.addresses !== undefined && criteria.addresses.length > 0) {
    constraints.push(resolve(view.addresses, criteria.addresses, (log) => log.address, from, to))
  }
  let lastConstrained = -1
  criteria.topics?.forEach((spec, position) => {
    const values = spec === null ? [] : spec instanceof Uint8Array ? [spec] : spec
    if (values.length === 0) return
    constraints.push(resolve(view.topics[position]!, values, (log) => (topicCountOf(log) > position ? topicOf(log, position) : undefined), from, to))
    lastConstrained = position
  })
  if (constraints.some((constraint) => constraint.count === 0)) return NOTHING
  constraints.sort((a, b) => a.count - b.count)
  const [driver, ...others] = constraints

  const tests: IdTest[] = []
  // A value at the last position proves the log has enough topics; trailing wildcards must be checked.
  if (lastConstrained < positions - 1) tests.push((id) => view.topicCounts[id]! >= positions)
  for (const other of others) tests.push(other.runs.length <= MAX_CURSORS ? inRuns(other.runs) : hasValue(view, other))

  const source = driver === undefined ? new RangeStream(from, to) : driver.runs.length === 1 ? new RunStream(driver.runs[0]!) : new UnionStream(driver.runs)
  if (tests.length > 0) return { stream: new FilteredStream(source, tests, deadline), countBelow: undefined }
  return {
    stream: source,
    countBelow: driver === undefined ? (bound) => bound - from : (bound) => driver.runs.reduce((count, run) => count + lowerBound(run, bound), 0),
  }
}

function resolve(table: PostingTable, values: readonly Uint8Array[], logValue: (log: Log) => Uint8Array | undefined, from: number, to: number): Constraint {
  const constraint: Constraint = { runs: [], handles: new Set(), count: 0, table, logValue }
  for (const value of values) {
    const ids = table.lookup(value)
    // A repeated alternative would count its logs twice.
    if (ids === undefined || constraint.handles.has(ids[0]!)) continue
    constraint.handles.add(ids[0]!)
    const run = ids.subarray(lowerBound(ids, from), lowerBound(ids, to))
    if (run.length === 0) continue
    constraint.runs.push(run)
    constraint.count += run.length
  }
  return constraint
}

/** Whether the id is in one of the runs: one galloping cursor per run, as the ids tested only grow. */
function inRuns(runs: readonly Uint32Array[]): IdTest {
  const cursors = new Uint32Array(runs.length)
  return (id) => {
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r]!
      const at = gallop(run, id, cursors[r]!)
      cursors[r] = at
      if (run[at] === id) return true
    }
    return false
  }
}

/** Whether the log's own value at the constraint's field is one of the wanted values. */
function hasValue(view: IndexView, constraint: Constraint): IdTest {
  return (id) => {
    const value = constraint.logValue(view.logs[id]!)
    return value !== undefined && constraint.handles.has(constraint.table.firstIdOf(value))
  }
}
