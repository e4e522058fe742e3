import type { ForkCache } from './forkCache.ts'
import { UpstreamError, UpstreamReorged } from './errors.ts'
import type { Upstream, UpstreamAnswer, UpstreamCall } from './upstreamClient.ts'

/** The block a network forked from, as the upstream named it. */
export interface ForkPoint {
  number: bigint
  /** 0x-hex, lower case. */
  hash: string
}

/**
 * The upstream as a fork asks it: about the chain up to one block, through the cache, one fetch per question
 * however many ask at once, and never mixing in what the upstream says after it reorganized below that block.
 */
export class ForkedUpstream {
  private readonly inFlight = new Map<string, Promise<unknown>>()

  constructor(
    readonly upstream: Upstream,
    readonly cache: ForkCache,
    readonly forkPoint: ForkPoint,
  ) {}

  /** The fork block by hash (EIP-1898): state asked this way is the fork block's, whatever the upstream did since. */
  get stateRef(): { blockHash: string; requireCanonical: boolean } {
    return { blockHash: this.forkPoint.hash, requireCanonical: true }
  }

  /** Runs `fetch` once for `key` while it is under way: concurrent misses of one entry make one request. */
  once<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key)
    if (running !== undefined) return running as Promise<T>
    const started = fetch().finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, started)
    return started
  }

  /** Sends calls about the fork block's state (by its hash); a JSON-RPC error fails them, naming the method. */
  async sendForState(calls: readonly UpstreamCall[]): Promise<unknown[]> {
    const answers = await this.upstream.send(calls)
    const failed = answers.findIndex((answer) => 'error' in answer)
    if (failed >= 0) {
      // An upstream that dropped the fork block refuses the hash: say that, not its words for it.
      await this.checkForkBlock()
      const { error } = answers[failed] as { error: { code: number; message: string } }
      throw new UpstreamError(this.upstream.label, `${calls[failed]?.method}: ${error.message} (${error.code})`)
    }
    return answers.map((answer) => (answer as { result: unknown }).result)
  }

  /**
   * Sends calls that name blocks by number or ask by transaction hash, with a look at the fork block in the
   * same round trip: if the upstream's block at that height is no longer the fork block, the answers may
   * come from another chain, and none is taken.
   */
  async sendChecked(calls: readonly UpstreamCall[]): Promise<UpstreamAnswer[]> {
    const answers = await this.upstream.send([...calls, forkBlockCall(this.forkPoint)])
    this.assertForkBlock(answers.pop() as UpstreamAnswer)
    return answers
  }

  /** Throws {@link UpstreamReorged} when the upstream's block at the fork height is another block now. */
  async checkForkBlock(): Promise<void> {
    const [answer] = await this.upstream.send([forkBlockCall(this.forkPoint)])
    this.assertForkBlock(answer as UpstreamAnswer)
  }

  private assertForkBlock(answer: UpstreamAnswer): void {
    const { number, hash } = this.forkPoint
    if ('error' in answer) {
      throw new UpstreamError(this.upstream.label, `eth_getBlockByNumber ${number}: ${answer.error.message} (${answer.error.code})`)
    }
    const now = (answer.result as { hash?: unknown } | null)?.hash
    if (typeof now === 'string' && now.toLowerCase() === hash) return
    throw new UpstreamReorged(
      this.upstream.label,
      `reorganized below the fork block: its block ${number} is ${typeof now === 'string' ? now : 'gone'}, ` +
        `the fork grew from ${hash}; only what is cached from before is served`,
    )
  }
}

function forkBlockCall(point: ForkPoint): UpstreamCall {
  return { method: 'eth_getBlockByNumber', params: [`0x${point.number.toString(16)}`, false] }
}
