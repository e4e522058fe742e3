import { AsyncLocalStorage } from 'node:async_hooks'
import type { NetworkConfig } from '../config/schema.ts'
import type { ChainNode } from '../node.ts'
import type { RpcMethod, RpcMethodTable } from '../rpc/rpcMethod.ts'
import { RECORDED_METHODS } from './recordedMethods.ts'
import { RecordingFile } from './recordingFile.ts'
import { scenarioHeaderOf } from './scenarioHeader.ts'

/** A head as the file names it. */
interface Head {
  number: bigint
  hash: string
}

/** One recorded call of a client, from the moment it is made until it is answered. */
interface CallEntry {
  kind: 'call'
  network: NetworkRecording
  method: string
  params: unknown[]
  /** Its place among the network's writes: given when its first write starts (or, with none, when answered). */
  seq?: number
  done: boolean
  failed: boolean
  result?: unknown
  /** The timestamps the clock chose for the blocks its writes sealed. */
  timestamps: bigint[]
  /** The head as its first write started. */
  headBefore?: Head
  headAfter?: Head
}

/** A block mined by the interval timer (not by a call): written as a `mine` step. */
interface ScheduledEntry {
  kind: 'scheduled'
  seq: number
  done: boolean
  timestamps: bigint[]
  headAfter?: Head
}

type Entry = CallEntry | ScheduledEntry

/** Blocks merged into one `mine` step at most (so that an interval-mined day is not one step of a million lines). */
const MAX_MERGED_BLOCKS = 1_000

/**
 * Records every state-changing call made to the served networks as a scenario file (`serve --record FILE`): each
 * call as it was sent, in the order its writes ran, preceded by the timestamps of the blocks it sealed (a
 * `timestamps` step) and followed by the head it left (a `head` step), so that `chainsim play FILE` gives the same
 * blocks and hashes. Blocks mined by a timer are written as `mine` steps where they happened. Calls are told apart
 * by an AsyncLocalStorage around each recorded method, which follows the call into the network's write queue.
 */
export class ScenarioRecorder {
  /** The genesis time every recorded dev network starts from (the scenario's clock names one). */
  readonly genesisTimestamp: bigint
  private readonly calls = new AsyncLocalStorage<CallEntry>()
  private readonly file: RecordingFile
  private readonly networks: NetworkRecording[] = []
  /** Steps recorded before every network was attached (a timer's block while the server starts). */
  private early: object[] | undefined = []

  constructor(
    path: string,
    private readonly configs: readonly NetworkConfig[],
  ) {
    this.file = new RecordingFile(path)
    this.genesisTimestamp = BigInt(Math.floor(Date.now() / 1000))
  }

  /**
   * Watches `node` (the served network `config`): its writes, the timestamps its clock chooses; returns what wraps
   * its method table so that its state-changing calls are recorded (undefined for a network it does not record). The
   * file is started once every recorded network is.
   */
  attach(config: NetworkConfig, node: ChainNode): ((table: RpcMethodTable) => RpcMethodTable) | undefined {
    // A served network left out of the recording (the default `dev-interval`, whose traffic no call sends).
    if (!this.configs.some((recorded) => recorded.name === config.name)) return undefined
    const first = this.networks.length === 0
    const network = new NetworkRecording(config.name, first, node, this.calls, (steps) => this.append(steps))
    this.networks.push(network)
    if (this.networks.length === this.configs.length) this.start()
    return (table) => {
      const wrapped: Record<string, RpcMethod> = { ...table }
      for (const method of Object.keys(RECORDED_METHODS)) {
        const handler = table[method]
        if (handler) wrapped[method] = network.recorded(method, handler)
      }
      return wrapped
    }
  }

  /** Writes what is still held (a call not answered yet is left out) and stops watching. */
  close(): void {
    for (const network of this.networks) network.close()
  }

  private start(): void {
    const early = this.early ?? []
    this.early = undefined
    this.file.start(
      scenarioHeaderOf(
        this.genesisTimestamp,
        this.configs.map((config, i) => ({ config, forkBlock: this.networks[i]?.forkBlock })),
      ),
      [...this.networks.map((n) => n.headStep(n.firstHead)), ...early],
    )
  }

  private append(steps: object[]): void {
    if (this.early) this.early.push(...steps)
    else this.file.append(steps)
  }
}

/** One network's recording: the entries in the order their writes ran, emitted once each is complete. */
class NetworkRecording {
  private nextSeq = 0
  private readonly pending: Entry[] = []
  /** The entry whose write runs now. */
  private current: Entry | undefined
  private lastHead: string
  /** Timer-mined blocks not written yet, merged into one `mine` step. */
  private mined: { blocks: number; timestamps: bigint[]; headAfter?: Head } | undefined
  /** The head the recording starts from: the file checks it first. */
  readonly firstHead: Head
  /** A forked network's fork block: the file forks at it, whatever block `latest` is when it is played. */
  readonly forkBlock: bigint | undefined

  constructor(
    private readonly name: string,
    private readonly first: boolean,
    private readonly node: ChainNode,
    private readonly calls: AsyncLocalStorage<CallEntry>,
    private readonly write: (steps: object[]) => void,
  ) {
    this.lastHead = node.head.hashKey
    this.firstHead = this.currentHead()
    this.forkBlock = node.fork?.origin.blockNumber
    node.observeWrites({ started: () => this.writeStarted(), ended: () => this.writeEnded() })
    node.settings.onBlockTimestamp((timestamp) => this.timestampChosen(timestamp))
  }

  currentHead(): Head {
    return { number: this.node.head.number, hash: this.node.head.hashKey }
  }

  /** `handler` with its calls recorded. */
  recorded(method: string, handler: RpcMethod): RpcMethod {
    return (params, ctx) => {
      const entry: CallEntry = { kind: 'call', network: this, method, params: Array.isArray(params) ? params : [], done: false, failed: false, timestamps: [] }
      return this.calls.run(entry, () => {
        let answer: unknown
        try {
          answer = handler(params, ctx)
        } catch (error) {
          this.answered(entry, undefined, true)
          throw error
        }
        return Promise.resolve(answer).then(
          (result) => {
            this.answered(entry, result, false)
            return result
          },
          (error: unknown) => {
            this.answered(entry, undefined, true)
            throw error
          },
        )
      })
    }
  }

  /** The `head` step of a head. */
  headStep(head: Head): object {
    return this.onNetwork({ head: { number: Number(head.number), hash: head.hash } })
  }

  close(): void {
    this.node.observeWrites(undefined)
    this.node.settings.onBlockTimestamp(undefined)
    // A call not answered yet is left out, and what came after it is written.
    for (const entry of this.pending) {
      if (entry.kind === 'call' && !entry.done) entry.failed = true
      entry.done = true
    }
    this.emitReady()
    this.flushMined()
  }

  private writeStarted(): void {
    const entry = this.calls.getStore()
    if (entry && entry.network === this && !entry.done) {
      if (entry.seq === undefined) {
        entry.seq = this.nextSeq++
        entry.headBefore = this.currentHead()
        this.pending.push(entry)
      }
      this.current = entry
      return
    }
    // No call of this network's is running: the interval timer's block (or another write of the node's own).
    const scheduled: ScheduledEntry = { kind: 'scheduled', seq: this.nextSeq++, done: false, timestamps: [] }
    this.pending.push(scheduled)
    this.current = scheduled
  }

  private writeEnded(): void {
    const entry = this.current
    if (!entry) return
    entry.headAfter = this.currentHead()
    if (entry.kind === 'scheduled') {
      entry.done = true
      this.emitReady()
    }
  }

  private timestampChosen(timestamp: bigint): void {
    const entry = this.calls.getStore()
    const target = entry && entry.network === this && !entry.done ? entry : this.current
    target?.timestamps.push(timestamp)
  }

  private answered(entry: CallEntry, result: unknown, failed: boolean): void {
    entry.done = true
    entry.failed = failed
    entry.result = result
    if (entry.seq === undefined && !failed) {
      // A call that changed what no write holds (impersonation): it takes its place as it is answered, and moved no head.
      entry.seq = this.nextSeq++
      this.pending.push(entry)
    }
    this.emitReady()
  }

  private emitReady(): void {
    while (this.pending[0]?.done) this.emit(this.pending.shift() as Entry)
  }

  private emit(entry: Entry): void {
    if (entry.kind === 'scheduled') {
      if (entry.timestamps.length === 0) return
      this.mined ??= { blocks: 0, timestamps: [] }
      this.mined.blocks++
      this.mined.timestamps.push(...entry.timestamps)
      this.mined.headAfter = entry.headAfter
      if (this.mined.blocks >= MAX_MERGED_BLOCKS) this.flushMined()
      return
    }
    if (entry.failed) {
      this.emitPartial(entry)
      return
    }
    this.flushMined()
    const recording = RECORDED_METHODS[entry.method]
    const steps: object[] = []
    if (entry.timestamps.length > 0) steps.push(this.onNetwork({ timestamps: entry.timestamps.map(Number) }))
    if (recording?.as === 'sent' && (recording.when?.(entry.params) ?? true)) {
      steps.push(this.onNetwork({ rpc: rpcOf(entry.method, entry.params), ...(recording.answerChecked ? { expect: { equal: entry.result } } : {}) }))
    } else if (recording?.as === 'call') {
      steps.push(this.onNetwork({ rpc: rpcOf(recording.method, recording.params(entry.params)) }))
    }
    steps.push(...this.headChange(entry.headAfter))
    this.write(steps)
  }

  /**
   * A failed call is left out unless its writes moved the head before it failed (anvil_mine on a fork whose upstream
   * failed at its third block): the blocks it sealed are written as a `mine` step, as the state journal keeps them, so
   * that the played chain goes on from the same head.
   */
  private emitPartial(entry: CallEntry): void {
    const { headBefore, headAfter } = entry
    if (!headBefore || !headAfter || headAfter.hash === headBefore.hash) return
    // The block it failed to seal had its timestamp chosen too: only the sealed ones are pinned.
    const sealed = Number(headAfter.number - headBefore.number)
    if (sealed < 1 || entry.timestamps.length < sealed) return
    this.flushMined()
    this.write([this.onNetwork({ timestamps: entry.timestamps.slice(0, sealed).map(Number) }), this.onNetwork({ mine: sealed }), ...this.headChange(headAfter)])
  }

  private flushMined(): void {
    const mined = this.mined
    if (!mined) return
    this.mined = undefined
    this.write([this.onNetwork({ timestamps: mined.timestamps.map(Number) }), this.onNetwork({ mine: mined.blocks }), ...this.headChange(mined.headAfter)])
  }

  /** A `head` step when the head moved since the last one written. */
  private headChange(head: Head | undefined): object[] {
    if (!head || head.hash === this.lastHead) return []
    this.lastHead = head.hash
    return [this.headStep(head)]
  }

  /** A step of this network (the first network's steps need not say so). */
  private onNetwork(step: Record<string, unknown>): object {
    return this.first ? step : { ...step, network: this.name }
  }
}

function rpcOf(method: string, params: unknown[]): Record<string, unknown> {
  return params.length === 0 ? { method } : { method, params }
}
