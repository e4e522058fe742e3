import { parseConfig } from '../config/loadConfig.ts'
import { networkConfig } from '../config/schema.ts'
import type { ChainNode } from '../node.ts'
import type { FaultInjector } from '../rpc/faults/faultInjector.ts'
import type { RunningServer } from '../server.ts'
import { bytesToHex } from '../evm/index.ts'
import type { ReorgEvent } from '../chain/events.ts'
import type { ChainBlock } from '../chain/types.ts'
import { parseDeclaredAbi } from '../decoding/declaredAbis.ts'
import type { NamedAbi } from '../decoding/abiDecoder.ts'
import type { ExpectationFailure } from './errors.ts'
import { loadScenarioFile, validateScenario } from './loadScenario.ts'
import type { LoadedScenario } from './loadScenario.ts'
import { ScenarioClock } from './scenarioClock.ts'
import { ScenarioNetwork } from './scenarioNetwork.ts'
import type { Reply } from './scenarioNetwork.ts'
import { ITERATION_NAME } from './schemaParts.ts'
import { StepFailure } from './errors.ts'
import type { StepContext, StepOutcome, Watcher } from './steps/context.ts'
import { describeStep, runStep } from './steps/index.ts'
import type { ScenarioStep, StepKind, TaggedStep } from './steps/index.ts'
import { referencesIn } from './values.ts'
import type { Bindings } from './values.ts'

/** Genesis time of a scenario that names none: 2023-11-14T22:13:20Z. */
export const DEFAULT_GENESIS_TIME = 1_700_000_000
/** Seconds between blocks of a scenario that names none. */
export const DEFAULT_BLOCK_TIME = 12

/** How one step went. */
export interface StepReport {
  /** 1-based, as the file's readers count. */
  number: number
  name: string
  kind: StepKind
  network: string
  status: 'passed' | 'failed' | 'skipped'
  durationMs: number
  /** Where the step starts in the file. */
  line?: number
  /** A step with `repeat`: how many times it ran (up to and including a failing run). */
  iterations?: number
  /** What did not hold (failed steps only). */
  failures?: ExpectationFailure[]
  /** Hashes of the blocks that joined the step's network's chain while it ran (mined, or a reorg's branch). */
  blocks?: string[]
  /** Why a skipped step was not played: after a failure, or (keepGoing) the failed step it depends on. */
  skipped?: string
}

/** How a scenario went; `ok` only when every step passed. */
export interface ScenarioReport {
  file: string
  name: string
  ok: boolean
  durationMs: number
  steps: StepReport[]
}

export interface PlayScenarioOptions {
  /** What messages and the report call a scenario given as a value (default `<object>`); a file is its path. */
  label?: string
  /**
   * After a failed step, play on: every later step runs except those that use a name a failed (or skipped)
   * step binds, which are skipped, so that each failure is reported once. Default: stop at the first failure.
   */
  keepGoing?: boolean
}

/** A played scenario: its networks (still running), what its steps bound, and the report. */
export interface PlayedScenario {
  report: ScenarioReport
  /** Every bound name (accounts, and each step's `as`) with its value. */
  names: Record<string, unknown>
  /** The first network's node. */
  node: ChainNode
  /** Every network's node, by name. */
  nodes: Record<string, ChainNode>
  /** Every network's fault injector, by name: faults armed there apply in-process and once served. */
  faults: Record<string, FaultInjector>
  /** The ABIs the scenario declares (`abis`), which its networks decode logs and calls with. */
  abis: readonly NamedAbi[]
  /** Calls a JSON-RPC method on a played network in-process, as its steps do (the first network by default). */
  call(method: string, params?: unknown[], network?: string): Promise<Reply>
  /**
   * Serves the played networks over HTTP and WebSocket (the usual addresses: each network's `port`, else
   * 8545, 8546...; `port: 0` picks free ones). From then on the scenario clock runs with the wall clock and
   * interval mining runs on a timer. Closing the server closes the networks.
   */
  serve(options?: { port?: number; host?: string; apiKeys?: string[] }): Promise<RunningServer>
  /** Stops the networks (not needed after `serve`: the server's close does it). */
  close(): Promise<void>
}

/**
 * Plays a scenario: a file (YAML or JSON) or a scenario value. Throws a ScenarioError naming the file,
 * line and step when it is not a valid scenario; otherwise plays the steps in order until one fails, and
 * reports each. The networks keep running: close them, or serve them.
 * @example
 * const { report, names, node } = await playScenario('scenarios/erc20-transfers.yaml')
 * expect(report.ok, formatReport(report)).toBe(true)
 */
export async function playScenario(fileOrObject: string | object, options: PlayScenarioOptions = {}): Promise<PlayedScenario> {
  const loaded = typeof fileOrObject === 'string' ? await loadScenarioFile(fileOrObject) : validateScenario(fileOrObject, options.label)
  return play(loaded, options.keepGoing ?? false)
}

async function play(loaded: LoadedScenario, keepGoing: boolean): Promise<PlayedScenario> {
  const { scenario, file } = loaded
  const started = performance.now()
  const genesisTime = scenario.clock?.genesisTime ?? DEFAULT_GENESIS_TIME
  const time = { genesisTime: BigInt(genesisTime), blockTime: BigInt(scenario.clock?.blockTime ?? DEFAULT_BLOCK_TIME) }
  const clock = new ScenarioClock(genesisTime * 1000)
  const configs = scenario.networks ?? [networkConfig.parse({ name: 'dev', chainId: 31337 })]
  const abis = Object.entries(scenario.abis ?? {}).map(([name, entries]) => parseDeclaredAbi(name, entries))
  const networks: ScenarioNetwork[] = []
  try {
    for (const [index, config] of configs.entries()) networks.push(await ScenarioNetwork.create(config, index, time, clock, abis))
  } catch (error) {
    await Promise.all(networks.map((n) => n.close()))
    throw error
  }
  const first = networks[0] as ScenarioNetwork
  const accounts = scenario.accounts ?? {}
  const bindings: Bindings = new Map(
    Object.entries(accounts).map(([name, index]) => [name, bytesToHex((first.node.accounts[index] as { address: Uint8Array }).address)]),
  )
  const watchers = new Map<string, Watcher>()
  const steps: StepReport[] = []
  /** Names bound by failed or skipped steps, with the step that failed, for `keepGoing`. */
  const unusable = new Map<string, number>()
  let firstFailure: number | undefined
  for (const [i, tagged] of loaded.steps.entries()) {
    const { step } = tagged
    const as = (step as { as?: string }).as
    const network = networks.find((n) => n.name === (step.network ?? first.name)) as ScenarioNetwork
    const report: StepReport = {
      number: i + 1,
      name: describeStep(tagged),
      kind: tagged.kind,
      network: network.name,
      status: 'skipped',
      durationMs: 0,
      ...lineOf(loaded, i),
    }
    steps.push(report)
    const blocker = firstFailure === undefined ? undefined : keepGoing ? dependencyOn(step, unusable) : { name: undefined, step: firstFailure }
    if (blocker) {
      report.skipped =
        blocker.name === undefined ? `after step ${blocker.step} failed` : `it uses $${blocker.name}, which failed step ${blocker.step} did not bind`
      if (as !== undefined) unusable.set(as, blocker.step)
      continue
    }
    const stepStarted = performance.now()
    const made = blocksJoining(network.node)
    const outcome = await playStep(tagged, { network, networks, bindings, accounts, watchers, clock, label: `step ${i + 1} "${report.name}"` })
    // Whatever the step did may have mined transactions sent earlier: it answers for how they ran.
    outcome.failures.push(...networks.flatMap((n) => n.minedSinceLastLook()))
    if (step.repeat !== undefined) report.iterations = outcome.iterations
    if (as !== undefined && outcome.value !== undefined) bindings.set(as, outcome.value)
    if (step.repeat !== undefined && as !== undefined) watchers.delete(as)
    report.status = outcome.failures.length === 0 ? 'passed' : 'failed'
    if (outcome.failures.length > 0) {
      report.failures = outcome.failures.map(jsonSafe)
      firstFailure ??= i + 1
      if (as !== undefined) unusable.set(as, i + 1)
    }
    report.durationMs = Math.round((performance.now() - stepStarted) * 10) / 10
    const blocks = made.stop()
    if (blocks.length > 0) report.blocks = blocks
  }
  const failed = firstFailure !== undefined
  const report: ScenarioReport = {
    file,
    name: scenario.name,
    ok: !failed,
    durationMs: Math.round(performance.now() - started),
    steps,
  }
  const byName = (name: string) => networks.find((n) => n.name === name) as ScenarioNetwork
  return {
    report,
    names: Object.fromEntries(bindings),
    node: first.node,
    nodes: Object.fromEntries(networks.map((n) => [n.name, n.node])),
    faults: Object.fromEntries(networks.map((n) => [n.name, n.faults])),
    abis,
    call: (method, params = [], name = first.name) => byName(name).call(method, params),
    serve: async (serveOptions = {}) => {
      clock.release()
      for (const network of networks) {
        if (network.interval) await network.node.settings.setIntervalMining(network.interval.ms)
      }
      const config = parseConfig({ host: serveOptions.host, apiKeys: serveOptions.apiKeys, networks: configs }, `the networks of ${file}`)
      // The server's modules load only when a played scenario is served.
      const { startServer } = await import('../server.ts')
      return startServer(config, {
        port: serveOptions.port,
        createNode: async (network) => byName(network.name).node,
        faults: (network) => byName(network.name).faults,
        abis,
        scenario: report,
      })
    },
    close: async () => {
      await Promise.all(networks.map((n) => n.close()))
    },
  }
}

/** Collects the hashes of the blocks that join `node`'s chain until stopped. */
function blocksJoining(node: ChainNode): { stop(): string[] } {
  const hashes: string[] = []
  const onBlock = (block: ChainBlock) => hashes.push(block.hashKey)
  const onReorg = ({ added }: ReorgEvent) => hashes.push(...added.map((block) => block.hashKey))
  node.chain.events.on('blockAdded', onBlock)
  node.chain.events.on('reorged', onReorg)
  return {
    stop() {
      node.chain.events.off('blockAdded', onBlock)
      node.chain.events.off('reorged', onReorg)
      return hashes
    },
  }
}

/**
 * Runs a step (`repeat` times, with $i bound to each run's number), turning what it throws into a failure.
 * A repeated step stops at its first failing run; its value is the list of every run's value.
 */
async function playStep(tagged: TaggedStep, context: StepContext): Promise<{ value?: unknown; failures: ExpectationFailure[]; iterations: number }> {
  const { repeat } = tagged.step
  const values: unknown[] = []
  try {
    for (let run = 0; run < (repeat ?? 1); run++) {
      if (repeat !== undefined) context.bindings.set(ITERATION_NAME, run)
      let outcome: StepOutcome
      try {
        outcome = await runStep(tagged, context)
        // A send is answered before its block is mined; the next step, and the checks read from the node
        // directly, see it mined.
        for (const { node } of context.networks.values()) await node.minedAfterAnswer
      } catch (error) {
        outcome = { failures: [failureOf(error)] }
      }
      values.push(outcome.value)
      if (outcome.failures.length > 0) {
        const failures =
          repeat === undefined ? outcome.failures : outcome.failures.map((f) => ({ ...f, message: `run $${ITERATION_NAME} = ${run}: ${f.message}` }))
        return { failures, iterations: run + 1, ...(repeat === undefined ? { value: outcome.value } : {}) }
      }
    }
  } finally {
    context.bindings.delete(ITERATION_NAME)
  }
  return { value: repeat === undefined ? values[0] : values, failures: [], iterations: repeat ?? 1 }
}

/** The first name a step uses that a failed or skipped step was to bind, with the step that failed. */
function dependencyOn(step: ScenarioStep, unusable: ReadonlyMap<string, number>): { name: string; step: number } | undefined {
  const { name: _name, as: _as, ...body } = step as ScenarioStep & { as?: string }
  for (const { name } of referencesIn(body)) {
    const failed = unusable.get(name)
    if (failed !== undefined) return { name, step: failed }
  }
  return undefined
}

function failureOf(error: unknown): ExpectationFailure {
  if (error instanceof StepFailure) return { message: error.message, ...error.details }
  if (error instanceof Error) return { message: error.message }
  return { message: String(error) }
}

/** A failure as JSON can carry it: large numbers from the file (bigints) as decimal strings. */
function jsonSafe(failure: ExpectationFailure): ExpectationFailure {
  const safe = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null')
  return {
    ...failure,
    ...('expected' in failure ? { expected: safe(failure.expected) } : {}),
    ...('actual' in failure ? { actual: safe(failure.actual) } : {}),
  }
}

function lineOf(loaded: LoadedScenario, index: number): { line?: number } {
  const position = loaded.locate(['steps', index])
  return position === undefined ? {} : { line: position.line }
}
