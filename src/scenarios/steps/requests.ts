import { getContractAddress } from 'viem'
import { bytesToHex, hexToBytes } from '../../evm/index.ts'
import { encodeFunctionCall } from '../abi.ts'
import { showValue } from '../diff.ts'
import { parseAmount, resolve, resolveText, toWire } from '../values.ts'
import { ValueError } from '../errors.ts'
import type { StepContext } from './context.ts'

/** The transaction fields a send, sign or deploy step writes (amounts and names unresolved). */
export interface TransactionSpec {
  from?: number | string
  to?: string
  value?: unknown
  data?: string
  function?: string
  args?: unknown[]
  gas?: unknown
  nonce?: unknown
  gasPrice?: unknown
  maxFeePerGas?: unknown
  maxPriorityFeePerGas?: unknown
}

/** A transaction object for eth_sendTransaction / eth_estimateGas from a send or sign step. */
export function transactionObject(spec: TransactionSpec, ctx: StepContext): Record<string, unknown> {
  const data =
    spec.function !== undefined
      ? bytesToHex(encodeFunctionCall(spec.function, resolve(spec.args ?? [], ctx.bindings) as unknown[]))
      : spec.data === undefined
        ? undefined
        : resolveText(spec.data, ctx.bindings, 'data')
  return compact({
    from: accountAddress(spec.from ?? 0, ctx),
    to: spec.to === undefined ? undefined : address(spec.to, ctx, 'to'),
    data,
    value: quantity(spec.value, ctx, 'value'),
    gas: quantity(spec.gas, ctx, 'gas'),
    nonce: quantity(spec.nonce, ctx, 'nonce'),
    gasPrice: quantity(spec.gasPrice, ctx, 'gasPrice'),
    maxFeePerGas: quantity(spec.maxFeePerGas, ctx, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(spec.maxPriorityFeePerGas, ctx, 'maxPriorityFeePerGas'),
  })
}

/**
 * The transaction with a gas limit, when it has none: the gas a run uses, plus half, as wallets pad their
 * estimates, kept when a run with exactly that limit succeeds. The padding lets a transaction mined again
 * after a reorg, on a slightly different state (a storage slot now written first), still succeed. It also
 * spares eth_sendTransaction's own estimate, a binary search of about ten EVM runs, most of a transfer's
 * cost. A transaction that fails either run is left to the node's estimate. The runs read the node directly:
 * no JSON-RPC method answers the gas a call used without searching for it.
 */
export async function withGas(tx: Record<string, unknown>, ctx: StepContext): Promise<Record<string, unknown>> {
  if (tx['gas'] !== undefined) return tx
  const node = ctx.network.node
  const bytes = (key: string) => (tx[key] === undefined ? undefined : hexToBytes(tx[key] as `0x${string}`))
  const request = {
    from: bytes('from') as Uint8Array,
    to: bytes('to'),
    data: bytes('data'),
    value: tx['value'] === undefined ? undefined : BigInt(tx['value'] as string),
  }
  // A send of an earlier transaction may be answered before its block is in: estimate on top of it.
  await node.minedAfterAnswer
  const head = node.head
  const cap = head.header.gasLimit
  const first = await node.execution.call({ ...request, gas: cap }, head)
  if (!first.success) return tx
  const padded = (first.gasUsed * 3n) / 2n < cap ? (first.gasUsed * 3n) / 2n : cap
  const checked = await node.execution.call({ ...request, gas: padded }, head)
  return checked.success ? { ...tx, gas: `0x${padded.toString(16)}` } : tx
}

/** Log criteria for eth_newFilter / eth_subscribe: names resolved, block numbers as hex. */
export function criteria(
  spec: { address?: string | string[]; topics?: unknown[]; fromBlock?: string | number; toBlock?: string | number; blockHash?: string },
  ctx: StepContext,
): Record<string, unknown> {
  return compact({
    address: spec.address === undefined ? undefined : toWire(resolve(spec.address, ctx.bindings)),
    topics: spec.topics === undefined ? undefined : toWire(resolve(spec.topics, ctx.bindings)),
    fromBlock: spec.fromBlock === undefined ? undefined : block(resolveBlock(spec.fromBlock, ctx)),
    toBlock: spec.toBlock === undefined ? undefined : block(resolveBlock(spec.toBlock, ctx)),
    blockHash: spec.blockHash === undefined ? undefined : resolveText(spec.blockHash, ctx.bindings, 'blockHash'),
  })
}

/** A block bound: a number, a tag, or a $name holding either. */
function resolveBlock(value: string | number, ctx: StepContext): string | number {
  if (typeof value === 'number') return value
  const resolved = resolve(value, ctx.bindings)
  return typeof resolved === 'number' || typeof resolved === 'string' ? resolved : value
}

/** A dev account's address: by index, by name from `accounts`, or an address ($name or 0x). */
export function accountAddress(account: number | string, ctx: StepContext): string {
  const accounts = ctx.network.node.accounts
  const index = typeof account === 'number' ? account : ctx.accounts[account]
  if (index !== undefined) {
    const found = accounts[index]
    if (!found) throw new ValueError(`dev account ${index} does not exist (0 to ${accounts.length - 1})`)
    return bytesToHex(found.address)
  }
  return address(account as string, ctx, 'from')
}

export function address(value: string, ctx: StepContext, what: string): string {
  const resolved = resolveText(value, ctx.bindings, what)
  if (!/^0x[0-9a-fA-F]{40}$/.test(resolved)) throw new ValueError(`${what}: ${showValue(resolved)} is not an address`)
  return resolved.toLowerCase()
}

export function quantity(value: unknown, ctx: StepContext, what: string): string | undefined {
  if (value === undefined) return undefined
  return `0x${parseAmount(resolve(value, ctx.bindings), what).toString(16)}`
}

export function block(value: string | number): string {
  return typeof value === 'number' ? `0x${value.toString(16)}` : value
}

export function toBytes(hex: string, what: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) throw new ValueError(`${what}: not 0x hex of whole bytes`)
  return hexToBytes(hex as `0x${string}`)
}

/** The address CREATE gives a contract deployed by `from` with `nonce`. */
export function createAddress(from: string, nonce: bigint): string {
  return getContractAddress({ from: from as `0x${string}`, nonce }).toLowerCase()
}

/** An object without its undefined fields (JSON-RPC params keep only what was given). */
export function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>
}
