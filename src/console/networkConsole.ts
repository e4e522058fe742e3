import type { ChainBlock } from '../chain/types.ts'
import { decodeConsoleCall } from '../decoding/consoleLog.ts'

/** What one network's transactions and calls printed, as it happens. */
export type ConsoleOutput =
  /** A block mined on the head, with each of its transactions' console.log lines (by index; empty when it printed none). */
  | { kind: 'block'; block: ChainBlock; lines: ReadonlyArray<readonly string[]> }
  /** An eth_call (or another call that keeps nothing) or an eth_estimateGas, with its console.log lines. */
  | { kind: 'call'; method: 'eth_call' | 'eth_estimateGas'; lines: readonly string[] }

export type ConsoleListener = (output: ConsoleOutput) => void

/**
 * The transactions whose console output is kept for the explorer: a long-running chain keeps the newest ones
 * and forgets the rest, as the page shows what just happened.
 */
const TRANSACTIONS_KEPT = 1024
/** Lines kept of one transaction: a loop that logs is printed whole, but kept only up to here. */
const LINES_KEPT = 1000

/**
 * console.log of a network: each block mined on the head and each call, decoded (src/decoding/consoleLog.ts)
 * and told to the listeners (`chainsim serve`'s printer), and the lines of the newest transactions kept for
 * `sim_transaction`. Capturing happens only while someone listens: with no listener (the library's default)
 * the EVM carries no listener of chainsim's and nothing is kept.
 */
export class NetworkConsole {
  readonly #listeners = new Set<ConsoleListener>()
  /** By `blockHash:index`: the same transaction mined again on another branch may print otherwise. */
  readonly #kept = new Map<string, readonly string[]>()

  /** Whether execution should capture console.log calls now. */
  get capturing(): boolean {
    return this.#listeners.size > 0
  }

  /** Tells `listener` every output from now on; the returned function stops that. */
  subscribe(listener: ConsoleListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The console.log lines the transaction at `index` of `block` printed, while it is among the newest kept. */
  linesOf(block: ChainBlock, index: number): readonly string[] | undefined {
    return this.#kept.get(`${block.hashKey}:${index}`)
  }

  /** A block was mined on the head; `consoleCalls` is each transaction's console.sol calldata, by index. */
  blockMined(block: ChainBlock, consoleCalls: readonly (readonly Uint8Array[])[]): void {
    const lines = consoleCalls.map(decodeLines)
    for (const [index, printed] of lines.entries()) if (printed.length > 0) this.keep(`${block.hashKey}:${index}`, printed)
    this.tell({ kind: 'block', block, lines })
  }

  /** A call that keeps nothing ran; `consoleCalls` is its console.sol calldata. */
  called(method: 'eth_call' | 'eth_estimateGas', consoleCalls: readonly Uint8Array[]): void {
    const lines = decodeLines(consoleCalls)
    if (lines.length > 0) this.tell({ kind: 'call', method, lines })
  }

  private keep(key: string, lines: readonly string[]): void {
    if (this.#kept.size >= TRANSACTIONS_KEPT) this.#kept.delete(this.#kept.keys().next().value as string)
    this.#kept.set(key, lines.length > LINES_KEPT ? lines.slice(0, LINES_KEPT) : lines)
  }

  private tell(output: ConsoleOutput): void {
    for (const listener of this.#listeners) listener(output)
  }
}

/** The lines of calls to console.sol's address; calldata that is no console.sol call prints nothing, as on Anvil. */
function decodeLines(consoleCalls: readonly Uint8Array[]): string[] {
  const lines: string[] = []
  for (const calldata of consoleCalls) {
    const line = decodeConsoleCall(calldata)
    if (line !== undefined) lines.push(line)
  }
  return lines
}
