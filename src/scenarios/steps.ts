import { bundledContracts } from '../contracts/index.ts'
import { bytesToHex, concatBytes, hexToBytes, keccak256 } from '../evm/index.ts'
import { decodeResult, encodeArguments, encodeFunctionCall, parseType } from './abi.ts'
import { showValue } from './diff.ts'
import { checkValue, gethOrderProblem } from './expectations.ts'
import type { ExpectationFailure, ValueChecks } from './expectations.ts'
import { constructorTypes } from './loadScenario.ts'
import type { ScenarioClock } from './scenarioClock.ts'
import type { Reply, ScenarioNetwork } from './scenarioNetwork.ts'
import type {
  CallExpectation,
  CallStep,
  ChangesStep,
  DeployStep,
  FaultStep,
  FilterStep,
  MineStep,
  MiningStep,
  ReorgStep,
  RpcStep,
  ScenarioStep,
  SendStep,
  SignStep,
  SubscribeStep,
  TransactionStep,
  WaitStep,
} from './schema.ts'
import { parseAmount, resolve, resolveText, toWire, ValueError } from './values.ts'
import type { Bindings } from './values.ts'

/** A filter or subscription a step installed, by the name it was bound to. */
export interface Watcher {
  kind: 'filter' | 'subscription'
  id: string
  network: ScenarioNetwork
}

/** What a step works with. */
export interface StepContext {
  /** The step's network. */
  network: ScenarioNetwork
  networks: readonly ScenarioNetwork[]
  bindings: Bindings
  accounts: Readonly<Record<string, number>>
  watchers: Map<string, Watcher>
  clock: ScenarioClock
}

/** What a step did: the value its `as` binds, and the expectations that failed. */
export interface StepOutcome {
  value?: unknown
  failures: ExpectationFailure[]
}

/** A step that cannot go on (a value that does not fit, a call that failed unexpectedly). */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly details: Omit<ExpectationFailure, 'message'> = {},
  ) {
    super(message)
  }
}

/** The most blocks a `wait: {block}` mines on the scenario clock, so a typo cannot run forever. */
const MAX_WAIT_BLOCKS = 10_000

/** Runs one step. Throws {@link StepFailure} (or a ValueError/AbiError) when it cannot go on. */
export async function runStep(step: ScenarioStep, ctx: StepContext): Promise<StepOutcome> {
  if ('deploy' in step) return deploy(step, ctx)
  if ('send' in step) return send(step, ctx)
  if ('sign' in step) return sign(step, ctx)
  if ('call' in step) return call(step, ctx)
  if ('mine' in step) return mine(step, ctx)
  if ('mining' in step) return mining(step, ctx)
  if ('reorg' in step) return reorg(step, ctx)
  if ('filter' in step) return filter(step, ctx)
  if ('subscribe' in step) return subscribe(step, ctx)
  if ('wait' in step) return wait(step, ctx)
  if ('fault' in step) return fault(step, ctx)
  if ('rpc' in step) return rpc(step, ctx)
  if ('changes' in step) return changes(step, ctx)
  return transaction(step, ctx)
}

async function deploy(step: DeployStep, ctx: StepContext): Promise<StepOutcome> {
  const { deploy: spec } = step
  const args = resolve(spec.args ?? [], ctx.bindings) as unknown[]
  const code = spec.contract
    ? hexToBytes(bundledContracts[spec.contract].bytecode)
    : toBytes(resolveText(spec.bytecode as string, ctx.bindings, 'bytecode'), 'bytecode')
  const types = (spec.contract ? constructorTypes(spec.contract) : (spec.types ?? [])).map(parseType)
  const data = concatBytes(code, encodeArguments(types, args, 'the constructor'))
  const from = accountAddress(spec.from ?? 0, ctx)
  const tx = compact({ from, data: bytesToHex(data), value: quantity(spec.value, ctx, 'value'), gas: quantity(spec.gas, ctx, 'gas') })
  const reply = await ctx.network.call('eth_sendTransaction', [await withGas(tx, ctx)])
  if (!reply.ok || step.expect?.error !== undefined) return expectReply(reply, step.expect, ctx)
  const hash = reply.result as string
  const receipt = await must(ctx.network.call('eth_getTransactionReceipt', [hash]), 'eth_getTransactionReceipt')
  let address: string
  if (receipt) {
    const { status, contractAddress } = receipt as { status: string; contractAddress: string | null }
    if (status !== '0x1' || !contractAddress) throw new StepFailure(`the deployment ${hash} reverted`, { actual: receipt })
    address = contractAddress
  } else {
    // Not mined yet (manual mining): the address follows from the sender and its nonce.
    const pooled = (await must(ctx.network.call('eth_getTransactionByHash', [hash]), 'eth_getTransactionByHash')) as { nonce: string }
    address = createAddress(from, BigInt(pooled.nonce))
  }
  return expectReply({ ok: true, result: address }, step.expect, ctx)
}

async function send(step: SendStep, ctx: StepContext): Promise<StepOutcome> {
  const { send: spec } = step
  const node = ctx.network.node
  const { automine } = node.mining
  // "Into the pool without mining": automine is held off for this one transaction.
  if (spec.pending) await node.setAutomine(false)
  try {
    const reply = spec.raw !== undefined
      ? await ctx.network.call('eth_sendRawTransaction', [resolveText(spec.raw, ctx.bindings, 'raw')])
      : await ctx.network.call('eth_sendTransaction', [await withGas(transactionObject(spec, ctx), ctx)])
    const outcome = expectReply(reply, step.expect, ctx)
    if (reply.ok && step.expect?.error === undefined) outcome.failures.push(...(await revertCheck(reply.result as string, spec.reverts ?? false, ctx)))
    return outcome
  } finally {
    if (spec.pending) await node.setAutomine(automine, { mineWaiting: false })
  }
}

/** Whether a mined transaction reverted as expected (one still pending cannot tell yet). */
async function revertCheck(hash: string, reverts: boolean, ctx: StepContext): Promise<ExpectationFailure[]> {
  const receipt = (await must(ctx.network.call('eth_getTransactionReceipt', [hash]), 'eth_getTransactionReceipt')) as
    | { status: string; blockNumber: string }
    | null
  if (receipt === null || (receipt.status === '0x0') === reverts) return []
  const block = BigInt(receipt.blockNumber)
  return [
    reverts
      ? { message: `transaction ${hash} succeeded in block ${block}; the step expects it to revert`, actual: receipt }
      : { message: `transaction ${hash} reverted in block ${block} (status 0x0); write reverts: true if it should`, actual: receipt },
  ]
}

async function sign(step: SignStep, ctx: StepContext): Promise<StepOutcome> {
  const tx = await withGas(transactionObject(step.sign, ctx), ctx)
  const from = tx['from'] as string
  const big = (key: string) => (tx[key] === undefined ? undefined : BigInt(tx[key] as string))
  const bytes = (key: string) => (tx[key] === undefined ? undefined : hexToBytes(tx[key] as `0x${string}`))
  let nonce = big('nonce')
  if (nonce === undefined) {
    // Transactions signed earlier and not sent yet hold their nonces.
    const pooled = BigInt((await must(ctx.network.call('eth_getTransactionCount', [from, 'pending']), 'eth_getTransactionCount')) as string)
    const signed = ctx.network.signedNonces.get(from) ?? 0n
    nonce = pooled > signed ? pooled : signed
  }
  const gas = big('gas') ?? BigInt((await must(ctx.network.call('eth_estimateGas', [tx]), 'eth_estimateGas')) as string)
  const signed = ctx.network.node.signWithDevAccount({
    from: bytes('from') as Uint8Array,
    to: bytes('to'),
    data: bytes('data'),
    value: big('value'),
    gasPrice: big('gasPrice'),
    maxFeePerGas: big('maxFeePerGas'),
    maxPriorityFeePerGas: big('maxPriorityFeePerGas'),
    nonce,
    gas,
  })
  ctx.network.signedNonces.set(from, nonce + 1n)
  return { value: { raw: bytesToHex(signed.raw), hash: signed.hashKey }, failures: [] }
}

async function call(step: CallStep, ctx: StepContext): Promise<StepOutcome> {
  const { call: spec } = step
  const args = resolve(spec.args ?? [], ctx.bindings) as unknown[]
  const request = compact({
    from: spec.from === undefined ? undefined : accountAddress(spec.from, ctx),
    to: address(spec.to, ctx, 'to'),
    data: bytesToHex(encodeFunctionCall(spec.function, args)),
  })
  const reply = await ctx.network.call('eth_call', [request, block(spec.block ?? 'latest')])
  if (!reply.ok || spec.returns === undefined) return expectReply(reply, step.expect, ctx)
  const decoded = decodeResult(spec.returns.map(parseType), hexToBytes(reply.result as `0x${string}`))
  return expectReply({ ok: true, result: decoded.length === 1 ? decoded[0] : decoded }, step.expect, ctx)
}

async function mine(step: MineStep, ctx: StepContext): Promise<StepOutcome> {
  const blocks = typeof step.mine === 'number' ? step.mine : (step.mine.blocks ?? 1)
  const interval = typeof step.mine === 'number' ? undefined : step.mine.interval
  await must(ctx.network.call('anvil_mine', interval === undefined ? [blocks] : [blocks, interval]), 'anvil_mine')
  return { failures: [] }
}

async function mining(step: MiningStep, ctx: StepContext): Promise<StepOutcome> {
  const auto = step.mining === 'auto'
  await must(ctx.network.call('evm_setAutomine', [auto]), 'evm_setAutomine')
  ctx.network.interval = typeof step.mining === 'object'
    ? { ms: step.mining.intervalMs, nextAt: ctx.clock.now() + step.mining.intervalMs }
    : undefined
  return { failures: [] }
}

async function reorg(step: ReorgStep, ctx: StepContext): Promise<StepOutcome> {
  const { reorg: spec } = step
  const options = compact({
    depth: spec.depth,
    length: spec.length,
    reinclude: spec.reinclude,
    drop: spec.drop?.map((hash, i) => resolveText(hash, ctx.bindings, `drop.${i}`)),
    add: spec.add?.map((raw, i) => resolveText(raw, ctx.bindings, `add.${i}`)),
    force: spec.force,
  })
  return expectReply(await ctx.network.call('sim_reorg', [options]), step.expect, ctx)
}

async function filter(step: FilterStep, ctx: StepContext): Promise<StepOutcome> {
  const reply = step.filter === 'blocks'
    ? await ctx.network.call('eth_newBlockFilter')
    : step.filter === 'pendingTransactions'
      ? await ctx.network.call('eth_newPendingTransactionFilter')
      : await ctx.network.call('eth_newFilter', [criteria(step.filter, ctx)])
  const outcome = expectReply(reply, step.expect, ctx)
  if (reply.ok) ctx.watchers.set(step.as, { kind: 'filter', id: reply.result as string, network: ctx.network })
  return outcome
}

async function subscribe(step: SubscribeStep, ctx: StepContext): Promise<StepOutcome> {
  const params = typeof step.subscribe === 'string' ? [step.subscribe] : ['logs', criteria(step.subscribe, ctx)]
  const reply = await ctx.network.call('eth_subscribe', params, 'ws')
  const outcome = expectReply(reply, step.expect, ctx)
  if (reply.ok) ctx.watchers.set(step.as, { kind: 'subscription', id: reply.result as string, network: ctx.network })
  return outcome
}

async function wait(step: WaitStep, ctx: StepContext): Promise<StepOutcome> {
  if ('ms' in step.wait) {
    await advanceClock(ctx, ctx.clock.now() + step.wait.ms)
    return { failures: [] }
  }
  const target = BigInt(step.wait.block)
  const network = ctx.network
  const head = () => network.node.head.number
  if (head() < target && network.interval === undefined) {
    throw new StepFailure(`block ${target} never comes: ${network.name} is at block ${head()} and does not mine on the clock (mining: {intervalMs} does; or use mine)`)
  }
  if (target - head() > BigInt(MAX_WAIT_BLOCKS)) throw new StepFailure(`block ${target} is more than ${MAX_WAIT_BLOCKS} blocks away`)
  while (head() < target && network.interval) await advanceClock(ctx, network.interval.nextAt)
  return { failures: [] }
}

async function fault(step: FaultStep, ctx: StepContext): Promise<StepOutcome> {
  const { error, ...spec } = step.fault
  ctx.network.faults.arm(error === undefined ? spec : { ...spec, error: { ...error, data: resolve(error.data, ctx.bindings) } })
  return { failures: [] }
}

async function rpc(step: RpcStep, ctx: StepContext): Promise<StepOutcome> {
  const method = typeof step.rpc === 'string' ? step.rpc : step.rpc.method
  const params = typeof step.rpc === 'string' ? [] : toWire(resolve(step.rpc.params ?? [], ctx.bindings))
  return expectReply(await ctx.network.call(method, params as unknown[]), step.expect, ctx)
}

async function changes(step: ChangesStep, ctx: StepContext): Promise<StepOutcome> {
  const name = step.changes.slice(1).split('.')[0] as string
  const watcher = ctx.watchers.get(name)
  if (!watcher) throw new StepFailure(`$${name} is not a filter or subscription this scenario installed`)
  const reply: Reply = watcher.kind === 'subscription'
    ? { ok: true, result: await watcher.network.takeNotifications(watcher.id) }
    : await watcher.network.call('eth_getFilterChanges', [watcher.id])
  const { removed, ordered, ...callExpectation } = step.expect ?? {}
  const outcome = expectReply(reply, step.expect && callExpectation, ctx)
  if (!reply.ok || callExpectation.error !== undefined) return outcome
  const entries = reply.result as unknown[]
  if (removed !== undefined) {
    const count = entries.filter((e) => (e as { removed?: unknown })?.removed === true).length
    if (count !== removed) {
      outcome.failures.push({ message: `${count} removed log${count === 1 ? '' : 's'}, expected ${removed}`, expected: removed, actual: entries })
    }
  }
  if (ordered) {
    const problem = gethOrderProblem(entries)
    if (problem) outcome.failures.push({ message: `not in geth's order: ${problem}`, actual: entries })
  }
  return outcome
}

async function transaction(step: TransactionStep, ctx: StepContext): Promise<StepOutcome> {
  const hash = resolveText(step.transaction, ctx.bindings, 'transaction')
  const found = await must(ctx.network.call('eth_getTransactionByHash', [hash]), 'eth_getTransactionByHash')
  const status = found === null ? 'dropped' : (found as { blockHash: unknown }).blockHash === null ? 'pending' : 'mined'
  const expect = step.expect === undefined ? undefined : (resolve(step.expect, ctx.bindings) as NonNullable<TransactionStep['expect']>)
  const failures: ExpectationFailure[] = []
  if (expect?.status !== undefined && expect.status !== status) {
    const where = status === 'mined' ? ` in block ${BigInt((found as { blockNumber: string }).blockNumber)}` : ''
    failures.push({ message: `transaction ${hash} is ${status}${where}, expected ${expect.status}`, expected: expect.status, actual: found })
  }
  if (expect) failures.push(...checkValue(found, expect as ValueChecks, 'transaction'))
  return { value: found, failures }
}

/**
 * Checks a reply against a call expectation. Without `error`, the call must succeed and the checks look
 * at its result; with `error`, it must fail, and they look at the error object, which is also the value.
 */
function expectReply(reply: Reply, rawExpect: CallExpectation | undefined, ctx: StepContext): StepOutcome {
  const expect = rawExpect === undefined ? undefined : (resolve(rawExpect, ctx.bindings) as CallExpectation)
  const failures: ExpectationFailure[] = []
  const { error: expectedError, httpStatus, ...checks } = expect ?? {}
  if (httpStatus !== undefined && (reply.httpStatus ?? 200) !== httpStatus) {
    failures.push({ message: `HTTP status ${reply.httpStatus ?? 200}, expected ${httpStatus}`, expected: httpStatus, actual: reply.httpStatus ?? 200 })
  }
  if (expectedError === undefined) {
    if (!reply.ok) {
      const cause = reply.cause instanceof Error ? ` (cause: ${reply.cause.message})` : ''
      throw new StepFailure(`the call failed: ${reply.error.code} ${reply.error.message}${cause}`, { actual: reply.error })
    }
    failures.push(...checkValue(reply.result, checks))
    return { value: reply.result, failures }
  }
  if (reply.ok) {
    failures.push({ message: `expected an error, got a result: ${showValue(reply.result)}`, expected: { error: expectedError }, actual: reply.result })
    return { value: reply.result, failures }
  }
  if (expectedError !== true) failures.push(...checkValue(reply.error, { contains: expectedError }, 'error'))
  failures.push(...checkValue(reply.error, checks, 'error'))
  return { value: reply.error, failures }
}

/** Moves the scenario clock to `target`, mining each interval block due on the way, in time order. */
async function advanceClock(ctx: StepContext, target: number): Promise<void> {
  for (;;) {
    const due = ctx.networks
      .filter((n) => n.interval !== undefined && n.interval.nextAt <= target)
      .sort((a, b) => (a.interval as { nextAt: number }).nextAt - (b.interval as { nextAt: number }).nextAt)[0]
    if (!due?.interval) break
    ctx.clock.advanceTo(due.interval.nextAt)
    await must(due.call('evm_mine'), 'evm_mine')
    due.interval.nextAt += due.interval.ms
  }
  ctx.clock.advanceTo(target)
}

/** A transaction object for eth_sendTransaction / eth_estimateGas from a send or sign step. */
function transactionObject(spec: SendStep['send'] | SignStep['sign'], ctx: StepContext): Record<string, unknown> {
  const data = spec.function !== undefined
    ? bytesToHex(encodeFunctionCall(spec.function, resolve(spec.args ?? [], ctx.bindings) as unknown[]))
    : spec.data === undefined ? undefined : resolveText(spec.data, ctx.bindings, 'data')
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
 * cost. A transaction that fails either run is left to the node's estimate.
 */
async function withGas(tx: Record<string, unknown>, ctx: StepContext): Promise<Record<string, unknown>> {
  if (tx['gas'] !== undefined) return tx
  const node = ctx.network.node
  const bytes = (key: string) => (tx[key] === undefined ? undefined : hexToBytes(tx[key] as `0x${string}`))
  const request = {
    from: bytes('from') as Uint8Array,
    to: bytes('to'),
    data: bytes('data'),
    value: tx['value'] === undefined ? undefined : BigInt(tx['value'] as string),
  }
  const head = node.head
  const cap = head.block.header.gasLimit
  const first = await node.call({ ...request, gas: cap }, head)
  if (!first.success) return tx
  const padded = (first.gasUsed * 3n) / 2n < cap ? (first.gasUsed * 3n) / 2n : cap
  const checked = await node.call({ ...request, gas: padded }, head)
  return checked.success ? { ...tx, gas: `0x${padded.toString(16)}` } : tx
}

/** Log criteria for eth_newFilter / eth_subscribe: names resolved, block numbers as hex. */
function criteria(spec: Exclude<FilterStep['filter'], string>, ctx: StepContext): Record<string, unknown> {
  return compact({
    address: spec.address === undefined ? undefined : toWire(resolve(spec.address, ctx.bindings)),
    topics: spec.topics === undefined ? undefined : toWire(resolve(spec.topics, ctx.bindings)),
    fromBlock: spec.fromBlock === undefined ? undefined : block(spec.fromBlock),
    toBlock: spec.toBlock === undefined ? undefined : block(spec.toBlock),
  })
}

/** A dev account's address: by index, by name from `accounts`, or an address ($name or 0x). */
function accountAddress(account: number | string, ctx: StepContext): string {
  const accounts = ctx.network.node.accounts
  const index = typeof account === 'number' ? account : ctx.accounts[account]
  if (index !== undefined) {
    const found = accounts[index]
    if (!found) throw new ValueError(`dev account ${index} does not exist (0 to ${accounts.length - 1})`)
    return bytesToHex(found.address)
  }
  return address(account as string, ctx, 'from')
}

function address(value: string, ctx: StepContext, what: string): string {
  const resolved = resolveText(value, ctx.bindings, what)
  if (!/^0x[0-9a-fA-F]{40}$/.test(resolved)) throw new ValueError(`${what}: ${showValue(resolved)} is not an address`)
  return resolved.toLowerCase()
}

function quantity(value: unknown, ctx: StepContext, what: string): string | undefined {
  if (value === undefined) return undefined
  return `0x${parseAmount(resolve(value, ctx.bindings), what).toString(16)}`
}

function block(value: string | number): string {
  return typeof value === 'number' ? `0x${value.toString(16)}` : value
}

function toBytes(hex: string, what: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) throw new ValueError(`${what}: not 0x hex of whole bytes`)
  return hexToBytes(hex as `0x${string}`)
}

/** The result of a call that must succeed (the player's own bookkeeping calls). */
async function must(pending: Promise<Reply>, method: string): Promise<unknown> {
  const reply = await pending
  if (!reply.ok) throw new StepFailure(`${method} failed: ${reply.error.code} ${reply.error.message}`, { actual: reply.error })
  return reply.result
}

/** The address CREATE gives a contract: keccak256(rlp([sender, nonce]))[12:]. */
function createAddress(from: string, nonce: bigint): string {
  const sender = hexToBytes(from as `0x${string}`)
  const nonceBytes = nonce === 0n ? new Uint8Array(0) : hexToBytes(`0x${nonce.toString(16).padStart(Math.ceil(nonce.toString(16).length / 2) * 2, '0')}`)
  const nonceItem = nonceBytes.length === 1 && (nonceBytes[0] as number) < 0x80 ? nonceBytes : concatBytes(new Uint8Array([0x80 + nonceBytes.length]), nonceBytes)
  const payload = concatBytes(new Uint8Array([0x80 + 20]), sender, nonceItem)
  return bytesToHex(keccak256(concatBytes(new Uint8Array([0xc0 + payload.length]), payload)).subarray(12))
}

/** An object without its undefined fields (JSON-RPC params keep only what was given). */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>
}
