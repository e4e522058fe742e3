import { z } from 'zod'
import { bytesToBigInt, bytesToHex, hexToBytes, setLengthLeft } from '../evm/index.ts'
import type { AccountChange } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import { StateFileError } from './errors.ts'

/**
 * Anvil's state JSON (`SerializableState` of foundry's anvil: what `anvil --dump-state` writes and, gzip-compressed,
 * what its anvil_dumpState answers): every account's nonce, balance, code and storage, and the environment of the
 * block being built. Its `blocks`, `transactions` and `historical_states` are Anvil's history, which chainsim does
 * not take: the accounts are set on the head as anvil_setBalance and the others set them.
 */
export interface AnvilState {
  accounts: AccountChange[]
  /**
   * The environment of Anvil's head when it dumped: the next block here is after it, and has its base fee. Its
   * number is not taken: the chain's blocks stay its own.
   */
  block?: { timestamp: bigint; baseFee?: bigint }
}

/** Anvil writes numbers as JSON numbers in some fields and versions, as hex strings in others. */
const quantity = z.union(
  [
    z.number().int().nonnegative().transform(BigInt),
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{1,64}$|^\d+$/)
      .transform(BigInt),
  ],
  { error: 'expected a number (JSON number, 0x-hex or decimal string)' },
)
const bytes = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'expected 0x-prefixed even-length hex')
  .transform((hex) => hexToBytes(hex.toLowerCase() as `0x${string}`))
const word = z
  .string()
  .regex(/^0x[0-9a-fA-F]{0,64}$/, 'expected 0x-prefixed hex of at most 32 bytes')
  .transform((hex) => hexToBytes(`0x${hex.slice(2).toLowerCase().padStart(64, '0')}`))
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte 0x-prefixed address')

const anvilAccount = z.object({
  nonce: quantity,
  balance: quantity,
  code: bytes,
  storage: z.record(z.string(), word),
})

const anvilStateSchema = z.object({
  accounts: z.record(address, anvilAccount),
  block: z.object({ timestamp: quantity, basefee: quantity.optional() }).nullish(),
})

/** Whether parsed JSON is in Anvil's form (its accounts keyed by address) rather than a chainsim state file. */
export function isAnvilState(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !('format' in json) && 'accounts' in json && !Array.isArray(json.accounts)
}

/** Reads Anvil's state JSON into domain values; `source` names where it came from in the refusal. */
export function parseAnvilState(json: unknown, source: string): AnvilState {
  const parsed = anvilStateSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new StateFileError(`${source} is not a valid Anvil state at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }
  const accounts = Object.entries(parsed.data.accounts).map(([account, { nonce, balance, code, storage }]) => ({
    address: hexToBytes(account.toLowerCase() as `0x${string}`),
    nonce,
    balance,
    code,
    storage: Object.entries(storage).map(([slot, value]) => {
      const key = word.safeParse(slot)
      if (!key.success) throw new StateFileError(`${source} is not a valid Anvil state at accounts.${account}.storage: slot ${slot} is not a 32-byte hex word`)
      return [key.data, value] as const
    }),
  }))
  const { block } = parsed.data
  return {
    accounts,
    ...(block ? { block: { timestamp: block.timestamp, ...(block.basefee === undefined ? {} : { baseFee: block.basefee }) } } : {}),
  }
}

/**
 * Sets a dump's accounts on the head, as Anvil's anvil_loadState merges them into its state (accounts and slots the
 * dump does not name are left as they are); the next block comes after the dump's head in time and takes its base fee.
 */
export async function loadAnvilState(node: ChainNode, state: AnvilState): Promise<void> {
  await node.setAccountState(state.accounts)
  const { block } = state
  if (!block) return
  if (block.timestamp >= node.head.timestamp) await node.settings.setNextBlockTimestamp(block.timestamp + 1n)
  if (block.baseFee !== undefined) await node.settings.setNextBlockBaseFee(block.baseFee)
}

/**
 * The head's state in Anvil's form. chainsim's state trie keys accounts and slots by their hashes, so the accounts
 * and slots written are those chainsim can name: the genesis allocation's, those set directly (anvil_setBalance...),
 * and every account and slot a canonical transaction changed (each block executed again with geth's prestate
 * tracer in diff mode, where its parent's state is still kept; otherwise its senders, recipients and created
 * contracts), each read at the head. `blocks` and `transactions` are left empty: Anvil takes the accounts and keeps
 * its own history, and `block` has the head's timestamp and base fee with block number 0, since Anvil makes that
 * number its best block and refuses one it does not hold.
 */
export async function dumpAnvilState(node: ChainNode): Promise<Record<string, unknown>> {
  const dump = await node.consistentRead(async () => {
    const named = new Map<string, { address: Uint8Array; slots: Map<string, Uint8Array> }>()
    const name = (address: Uint8Array, slots: Iterable<Uint8Array> = []) => {
      const key = bytesToHex(address)
      const entry = named.get(key) ?? { address, slots: new Map() }
      named.set(key, entry)
      for (const slot of slots) entry.slots.set(bytesToHex(slot), slot)
    }
    const alloc = (node.gethGenesis().alloc ?? {}) as Record<string, { storage?: Record<string, string> }>
    for (const [account, { storage }] of Object.entries(alloc)) {
      const hex = account.startsWith('0x') ? account : `0x${account}`
      name(
        hexToBytes(hex.toLowerCase() as `0x${string}`),
        Object.keys(storage ?? {}).map((slot) => word.parse(slot)),
      )
    }
    const head = node.head
    for (let number = 1n; number <= head.number; number++) {
      const block = node.chain.blockByNumber(number)
      if (!block) continue
      for (const edit of block.stateEdits ?? [])
        name(
          edit.address,
          (edit.storage ?? []).map(([slot]) => slot),
        )
      if (block.transactions.length === 0 || !node.chain.hasState(node.chain.blockByHash(block.parentKey) ?? block)) {
        for (const { signed, contractAddress } of block.transactions) {
          name(signed.from)
          if (signed.tx.to) name(signed.tx.to.bytes)
          if (contractAddress) name(contractAddress)
        }
        continue
      }
      const traces = await node.execution.traceBlock(block, PRESTATE)
      for (const trace of traces) {
        if (trace.tracer !== 'prestateTracer' || trace.trace.mode !== 'diff') continue
        for (const account of [...trace.trace.pre, ...trace.trace.post])
          name(
            account.address,
            (account.storage ?? []).map(([slot]) => slot),
          )
      }
    }
    for (const edit of node.headStateEdits)
      name(
        edit.address,
        (edit.storage ?? []).map(([slot]) => slot),
      )

    const state = node.execution.stateAt(head)
    const accounts: Record<string, unknown> = {}
    const sorted = [...named.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
    for (const [key, { address, slots }] of sorted) {
      const [nonce, balance, code] = await Promise.all([state.getNonce(address), state.getBalance(address), state.getCode(address)])
      const storage: Record<string, string> = {}
      for (const [slotKey, slot] of [...slots].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const value = await state.getStorage(address, slot)
        if (bytesToBigInt(value) !== 0n) storage[slotKey] = bytesToHex(setLengthLeft(value, 32))
      }
      if (nonce === 0n && balance === 0n && code.length === 0 && Object.keys(storage).length === 0) continue
      accounts[key] = { nonce: Number(nonce), balance: `0x${balance.toString(16)}`, code: bytesToHex(code), storage }
    }
    const { header } = head
    return {
      block: {
        number: '0x0',
        beneficiary: bytesToHex(header.coinbase.bytes),
        timestamp: `0x${head.timestamp.toString(16)}`,
        gas_limit: Number(header.gasLimit),
        basefee: Number(header.baseFeePerGas ?? 0n),
        difficulty: '0x0',
      },
      accounts,
      best_block_number: null,
      blocks: [],
      transactions: [],
      historical_states: null,
    }
  })
  return dump
}

const PRESTATE = {
  tracer: 'prestateTracer',
  // What each transaction changed: a slot or account only read holds what some earlier change (or the genesis) wrote.
  options: { diffMode: true, disableCode: true, disableStorage: false },
  timeoutMs: 60_000,
} as const
