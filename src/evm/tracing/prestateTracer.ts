import type { StateManagerInterface } from '@ethereumjs/common'
import type { InterpreterStep } from '@ethereumjs/evm'
import { Address, bigIntToBytes, bytesToUnprefixedHex, equalsBytes, generateAddress, generateAddress2, setLengthLeft } from '@ethereumjs/util'
import type { StorageSlot } from './structLogger.ts'
import type { TracedStart, TransactionTracer } from './tracer.ts'

/** geth's prestateTracer options. */
export interface PrestateTracerOptions {
  /** Answer what changed: `pre` and `post` of the modified accounts only. */
  diffMode: boolean
  disableCode: boolean
  disableStorage: boolean
}

/** An account as the prestate tracer reports it; absent fields are left out of the answer. */
export interface PrestateAccount {
  address: Uint8Array
  balance?: bigint
  /** 0 is left out. */
  nonce: bigint
  code?: Uint8Array
  storage?: StorageSlot[]
}

export type PrestateTrace = { mode: 'prestate'; accounts: PrestateAccount[] } | { mode: 'diff'; pre: PrestateAccount[]; post: PrestateAccount[] }

interface Touched {
  address: Address
  balance: bigint
  nonce: bigint
  code: Uint8Array
  /** Slot (hex) → value before the transaction first touched it. */
  storage: Map<string, StorageSlot> | undefined
  empty: boolean
}

const ZERO_WORD = new Uint8Array(32)
const BY_STACK_TOP = new Set([0x3c, 0x3f, 0x3b, 0x31, 0xff]) // EXTCODECOPY, EXTCODEHASH, EXTCODESIZE, BALANCE, SELFDESTRUCT
const CALL_FAMILY = new Set([0xf1, 0xf2, 0xf4, 0xfa])

/**
 * geth's prestateTracer: every account and storage slot the transaction touched, as they were
 * before it; in diff mode, what it changed (`pre` and `post` of the changed accounts only).
 */
export class PrestateTracer implements TransactionTracer<PrestateTrace> {
  private readonly touched = new Map<string, Touched>()
  private readonly created = new Set<string>()
  private readonly deleted = new Set<string>()
  private trace: PrestateTrace | undefined

  constructor(
    private readonly options: PrestateTracerOptions,
    readonly deadline: number,
  ) {}

  async start({ tx, sender, coinbase, state }: TracedStart): Promise<void> {
    const to = tx.to ?? new Address(generateAddress(sender.bytes, bigIntToBytes((await state.getAccount(sender))?.nonce ?? 0n)))
    if (!tx.to) this.created.add(keyOf(to))
    await this.lookup(state, sender)
    await this.lookup(state, to)
    await this.lookup(state, new Address(coinbase))
  }

  step(step: InterpreterStep): Promise<void> | void {
    const code = step.opcode.code
    const stack = step.stack
    const top = stack[stack.length - 1]
    if (top === undefined) return
    const state = step.stateManager
    if (code === 0x54 || code === 0x55) return this.lookupStorage(state, step.address, word(top))
    if (BY_STACK_TOP.has(code)) {
      if (code === 0xff) this.deleted.add(keyOf(step.address))
      return this.lookup(state, addressOf(top))
    }
    if (CALL_FAMILY.has(code) && stack.length >= 5) return this.lookup(state, addressOf(stack[stack.length - 2] ?? 0n))
    if (code === 0xf0)
      return this.lookupCreated(state, async () => generateAddress(step.address.bytes, bigIntToBytes((await state.getAccount(step.address))?.nonce ?? 0n)))
    if (code === 0xf5 && stack.length >= 4) {
      const offset = Number(stack[stack.length - 2])
      const size = Number(stack[stack.length - 3])
      const initCode = new Uint8Array(size)
      initCode.set(step.memory.subarray(offset, offset + size))
      const salt = word(stack[stack.length - 4] ?? 0n)
      return this.lookupCreated(state, async () => generateAddress2(step.address.bytes, salt, initCode))
    }
  }

  async finish(_run: unknown, after: StateManagerInterface): Promise<void> {
    if (this.options.diffMode) {
      this.trace = await this.diff(after)
      return
    }
    this.trace = { mode: 'prestate', accounts: [...this.touched.values()].filter((t) => !this.createdEmpty(t)).map((t) => this.reported(t)) }
  }

  output(): PrestateTrace {
    if (!this.trace) throw new Error('the prestate tracer has not finished')
    return this.trace
  }

  private async diff(after: StateManagerInterface): Promise<PrestateTrace> {
    const pre: PrestateAccount[] = []
    const post: PrestateAccount[] = []
    for (const [key, before] of this.touched) {
      // A destroyed account is reported before, never after.
      if (this.deleted.has(key)) {
        if (!this.createdEmpty(before)) pre.push(this.reported(before))
        continue
      }
      const account = await after.getAccount(before.address)
      const changed: PrestateAccount = { address: before.address.bytes, nonce: 0n }
      let modified = false
      const balance = account?.balance ?? 0n
      if (balance !== before.balance) {
        changed.balance = balance
        modified = true
      }
      const nonce = account?.nonce ?? 0n
      if (nonce !== before.nonce) {
        changed.nonce = nonce
        modified = true
      }
      if (!this.options.disableCode) {
        const code = await after.getCode(before.address)
        if (!equalsBytes(code, before.code)) {
          changed.code = code
          modified = true
        }
      }
      const keptBefore: StorageSlot[] = []
      const changedSlots: StorageSlot[] = []
      for (const [slot, value] of before.storage?.values() ?? []) {
        const now = setLengthLeft(await after.getStorage(before.address, slot), 32)
        if (equalsBytes(now, value)) continue
        modified = true
        if (!equalsBytes(value, ZERO_WORD)) keptBefore.push([slot, value])
        if (!equalsBytes(now, ZERO_WORD)) changedSlots.push([slot, now])
      }
      if (!modified) continue
      // A contract this transaction created had no state before it.
      if (!this.createdEmpty(before)) pre.push({ ...this.reported(before), storage: keptBefore })
      post.push({ ...changed, storage: changedSlots })
    }
    return { mode: 'diff', pre, post }
  }

  private createdEmpty(touched: Touched): boolean {
    return touched.empty && this.created.has(keyOf(touched.address))
  }

  private reported(touched: Touched): PrestateAccount {
    return {
      address: touched.address.bytes,
      balance: touched.balance,
      nonce: touched.nonce,
      code: this.options.disableCode ? undefined : touched.code,
      storage: touched.storage ? [...touched.storage.values()] : undefined,
    }
  }

  private async lookup(state: StateManagerInterface, address: Address): Promise<void> {
    const key = keyOf(address)
    if (this.touched.has(key)) return
    const account = await state.getAccount(address)
    const code = await state.getCode(address)
    const balance = account?.balance ?? 0n
    const nonce = account?.nonce ?? 0n
    this.touched.set(key, {
      address,
      balance,
      nonce,
      code,
      storage: this.options.disableStorage ? undefined : new Map(),
      empty: balance === 0n && nonce === 0n && code.length === 0,
    })
  }

  private async lookupCreated(state: StateManagerInterface, addressOfNew: () => Promise<Uint8Array>): Promise<void> {
    const address = new Address(await addressOfNew())
    await this.lookup(state, address)
    this.created.add(keyOf(address))
  }

  private async lookupStorage(state: StateManagerInterface, address: Address, slot: Uint8Array): Promise<void> {
    const storage = this.touched.get(keyOf(address))?.storage
    const key = bytesToUnprefixedHex(slot)
    if (!storage || storage.has(key)) return
    storage.set(key, [slot, setLengthLeft(await state.getStorage(address, slot), 32)])
  }
}

function keyOf(address: Address): string {
  return bytesToUnprefixedHex(address.bytes)
}

function addressOf(value: bigint): Address {
  return new Address(setLengthLeft(bigIntToBytes(value), 32).subarray(12))
}

function word(value: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(value), 32)
}
