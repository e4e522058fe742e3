import { bytesToHex, keccak256, keyOf } from '../evm/index.ts'
import type { ForkedStateSource, UpstreamAccount } from '../evm/index.ts'
import type { ForkedUpstream } from './forkedUpstream.ts'
import { bytesOf, quantityOf } from './upstreamFormats.ts'

/** An account in the cache: [nonce, balance, code hash] as hex, or null for none at the fork block. */
type AccountEntry = [nonce: string, balance: string, codeHash: string] | null

/**
 * The upstream's state at the fork block, read lazily and cached for good: an account is fetched in one
 * round trip (balance, nonce and code in one batch, by the fork block's hash), a storage slot in one, a
 * block hash for BLOCKHASH in one; each at most once, even when asked for concurrently.
 */
export class RemoteState implements ForkedStateSource {
  /**
   * Code read lately, as bytes, by code hash: a contract's code is read by every call to it, and the same object
   * each time is what the interpreter's jump analysis is kept for (src/evm/patches/jumpAnalysisCache.ts).
   */
  private readonly decodedCode = new Map<string, Uint8Array>()

  constructor(private readonly fork: ForkedUpstream) {}

  async account(address: Uint8Array): Promise<UpstreamAccount | undefined> {
    const key = keyOf(address)
    if (!this.fork.cache.has('account', key)) await this.fork.once(`account ${key}`, () => this.prefetch([address]))
    return accountOf(this.fork.cache.get<AccountEntry>('account', key) ?? null)
  }

  /** Fetches every account of `addresses` and slot of `slots` not cached yet, all in one round trip (at start). */
  async prefetch(addresses: readonly Uint8Array[], slots: ReadonlyArray<readonly [Uint8Array, Uint8Array]> = []): Promise<void> {
    const missing = [...new Set(addresses.map(keyOf))].filter((key) => !this.fork.cache.has('account', key))
    const missingSlots = slots.map(([address, slot]) => [keyOf(address), keyOf(slot)] as const).filter(([a, s]) => !this.fork.cache.has('storage', `${a}:${s}`))
    if (missing.length === 0 && missingSlots.length === 0) return
    const ref = this.fork.stateRef
    const results = await this.fork.sendForState([
      ...missing.flatMap((key) => [
        { method: 'eth_getBalance', params: [key, ref] },
        { method: 'eth_getTransactionCount', params: [key, ref] },
        { method: 'eth_getCode', params: [key, ref] },
      ]),
      ...missingSlots.map(([address, slot]) => ({ method: 'eth_getStorageAt', params: [address, slot, ref] })),
    ])
    missingSlots.forEach(([address, slot], i) => {
      const value = results[3 * missing.length + i]
      bytesOf(value, 'storage value')
      this.fork.cache.put('storage', `${address}:${slot}`, value)
    })
    missing.forEach((key, i) => {
      const balance = quantityOf(results[3 * i], 'balance')
      const nonce = quantityOf(results[3 * i + 1], 'nonce')
      const code = bytesOf(results[3 * i + 2], 'code')
      if (balance === 0n && nonce === 0n && code.length === 0) {
        this.fork.cache.put('account', key, null)
        return
      }
      const codeHash = bytesToHex(keccak256(code))
      if (code.length > 0) this.fork.cache.put('code', codeHash, results[3 * i + 2])
      this.fork.cache.put('account', key, [hex(nonce), hex(balance), codeHash] satisfies AccountEntry)
    })
  }

  async code(address: Uint8Array): Promise<Uint8Array> {
    const account = this.fork.cache.get<AccountEntry>('account', keyOf(address))
    const decoded = account && this.decodedCode.get(account[2])
    if (decoded) return decoded
    const cached = account && this.fork.cache.get<string>('code', account[2])
    if (account && cached) return this.keep(account[2], bytesOf(cached, 'code'))
    // Asked before its account (or the cache lost the line): fetch the code alone.
    const key = keyOf(address)
    const [code] = await this.fork.once(`code ${key}`, () => this.fork.sendForState([{ method: 'eth_getCode', params: [key, this.fork.stateRef] }]))
    const bytes = bytesOf(code, 'code')
    this.fork.cache.put('code', bytesToHex(keccak256(bytes)), code)
    return bytes
  }

  /** Keeps `code` as the bytes of `codeHash`, the oldest let go past a thousand contracts. */
  private keep(codeHash: string, code: Uint8Array): Uint8Array {
    this.decodedCode.set(codeHash, code)
    if (this.decodedCode.size > CODE_KEPT) this.decodedCode.delete(this.decodedCode.keys().next().value as string)
    return code
  }

  async storage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array> {
    const key = `${keyOf(address)}:${keyOf(slot)}`
    const cached = this.fork.cache.get<string>('storage', key)
    if (cached !== undefined) return bytesOf(cached, 'storage value')
    const value = await this.fork.once(`storage ${key}`, async () => {
      const [result] = await this.fork.sendForState([{ method: 'eth_getStorageAt', params: [keyOf(address), keyOf(slot), this.fork.stateRef] }])
      const bytes = bytesOf(result, 'storage value')
      this.fork.cache.put('storage', key, result)
      return bytes
    })
    return value
  }

  async blockHash(number: bigint): Promise<Uint8Array | undefined> {
    const { forkPoint } = this.fork
    if (number > forkPoint.number) return undefined
    if (number === forkPoint.number) return bytesOf(forkPoint.hash, 'block hash', 32)
    const key = number.toString(10)
    const cached = this.fork.cache.get<string>('blockHash', key)
    if (cached !== undefined) return bytesOf(cached, 'block hash', 32)
    return this.fork.once(`blockHash ${key}`, async () => {
      const [answer] = await this.fork.sendChecked([{ method: 'eth_getBlockByNumber', params: [hex(number), false] }])
      const hash = answer && 'result' in answer ? (answer.result as { hash?: unknown } | null)?.hash : undefined
      if (typeof hash !== 'string') return undefined
      this.fork.cache.put('blockHash', key, hash)
      return bytesOf(hash, 'block hash', 32)
    })
  }
}

/** Contracts whose code is kept decoded. */
const CODE_KEPT = 1024

function accountOf(entry: AccountEntry): UpstreamAccount | undefined {
  if (!entry) return undefined
  return { nonce: BigInt(entry[0]), balance: BigInt(entry[1]), codeHash: bytesOf(entry[2], 'code hash', 32) }
}

function hex(n: bigint): string {
  return `0x${n.toString(16)}`
}
