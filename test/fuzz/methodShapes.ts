import fc from 'fast-check'
import { hostileParams, hostileValue, jsonObject, sizedHex } from './arbitraries.ts'
import type { FuzzSamples } from './fuzzChain.ts'

/*
 * Valid params for every method chainsim serves, built from the fuzz chain's real values, and the
 * corruptions the fuzzer applies to them: near-valid params differ from a valid call in one place, which
 * is where parameter checks are most often missing.
 */

type ParamsArbitrary = fc.Arbitrary<unknown[]>

const hexOf = (n: number | bigint) => `0x${n.toString(16)}`
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
/** Drops trailing undefined params, as a client leaves out optional ones. */
const positional = (...params: unknown[]): unknown[] => {
  const out = [...params]
  while (out.length > 0 && out[out.length - 1] === undefined) out.pop()
  return out
}
/** An object without its undefined fields. */
const fields = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined))

const count = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }).map(hexOf))

/** Shape builders, one per method; `validParams` checks that the table names every served method. */
export function validShapes(s: FuzzSamples): Record<string, ParamsArbitrary> {
  const account = fc.constantFrom(...s.accounts)
  const anyAddress = fc.constantFrom(...s.accounts, s.contract, '0x000000000000000000000000000000000000dead')
  const blockHash = fc.constantFrom(...s.blockHashes, s.orphanHash)
  const tag = fc.oneof(fc.constantFrom('latest', 'earliest', 'pending', 'safe', 'finalized'), fc.integer({ min: 0, max: 12 }).map(hexOf))
  const blockRef = fc.oneof(
    tag,
    blockHash,
    blockHash.chain((hash) => fc.boolean().map((requireCanonical) => ({ blockHash: hash, requireCanonical }))),
    tag.map((blockNumber) => ({ blockNumber })),
  )
  const call = fc.record(
    {
      from: fc.oneof({ weight: 9, arbitrary: account }, { weight: 1, arbitrary: fc.constant(s.contract) }),
      to: fc.constantFrom(s.contract, s.accounts[7]),
      data: fc.constantFrom(s.emitCalldata, '0x'),
      value: fc.constantFrom('0x0', '0x1'),
      gas: fc.constantFrom('0x30d40', '0x7a120'),
    },
    { requiredKeys: ['to'] },
  )
  const logFilter = fc
    .record(
      {
        address: fc.oneof(fc.constant(s.contract), fc.array(anyAddress, { maxLength: 3 })),
        fromBlock: tag,
        toBlock: fc.constantFrom('latest', 'pending', '0x1'),
        topics: fc.array(fc.oneof(fc.constant(null), fc.constantFrom(...s.topics), fc.array(fc.constantFrom(...s.topics), { maxLength: 2 })), {
          maxLength: 4,
        }),
      },
      { requiredKeys: [] },
    )
    .chain((filter) => fc.oneof(fc.constant(filter), blockHash.map((hash) => fields({ address: filter.address, topics: filter.topics, blockHash: hash }))))
  const noParams: ParamsArbitrary = fc.constant([])
  const mine = fc.tuple(optional(count(3)), optional(count(100))).map(([n, interval]) => positional(n, n === undefined ? undefined : interval))
  const rawTx = fc.constantFrom(...s.rawTransactions)
  const txHash = fc.constantFrom(...s.minedTxHashes, ...s.pendingTxHashes)
  // The state-setting methods write to accounts nothing else uses, so the dev accounts keep working.
  const spareAddress = fc.constantFrom('0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb')
  const futureTimestamp = fc.integer({ min: 0, max: 1000 }).map((k) => hexOf(s.futureTimestamp + BigInt(k)))
  const anyHash = fc.oneof(txHash, fc.constant(`0x${'ab'.repeat(32)}`))
  const bytes = fc.constantFrom('0x', '0xdeadbeef', s.emitCalldata)
  const typedData = fc
    .record({ weight: fc.integer({ min: 0, max: 255 }), voter: fc.constantFrom(...s.accounts) })
    .chain((message) =>
      fc.constantFrom<unknown>(
        { types: { Vote: [{ name: 'voter', type: 'address' }, { name: 'weight', type: 'uint8' }] }, primaryType: 'Vote', domain: { name: 'DAO', chainId: 31337 }, message },
        JSON.stringify({ types: { Vote: [{ name: 'voter', type: 'address' }, { name: 'weight', type: 'uint8' }] }, primaryType: 'Vote', domain: {}, message }),
      ),
    )
  const transfer = fc.record({ from: fc.constantFrom(s.accounts[1], s.accounts[2]), to: fc.constantFrom(s.accounts[7], s.contract), value: fc.constantFrom('0x0', '0x1') })
  const reset = fc.constantFrom<unknown[]>([], [{}], [null], [{ forking: { blockNumber: null } }])
  const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
  const stateOverride = fc.dictionary(
    fc.constantFrom(s.contract, ...s.accounts.slice(0, 2), '0x00000000000000000000000000000000000000aa'),
    fc.record(
      {
        balance: fc.constantFrom('0x0', '0xde0b6b3a7640000'),
        nonce: fc.constantFrom('0x0', '0x7'),
        code: fc.constantFrom('0x', '0x602a60005260206000f3'),
        stateDiff: fc.dictionary(fc.integer({ min: 0, max: 3 }).map(word), fc.integer({ min: 0, max: 9 }).map(word), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    ),
    { maxKeys: 2 },
  )
  const blockOverrides = fc.record(
    {
      number: fc.constantFrom('0x20', '0x1000'),
      time: futureTimestamp,
      gasLimit: fc.constantFrom('0x1c9c380', '0x5f5e100'),
      feeRecipient: fc.constantFrom(...s.accounts.slice(0, 2)),
      baseFeePerGas: fc.constantFrom('0x0', '0x7'),
    },
    { requiredKeys: [] },
  )
  const traceConfig = fc.oneof(
    fc.record({ disableStack: fc.boolean(), enableMemory: fc.boolean(), enableReturnData: fc.boolean(), limit: fc.integer({ min: 0, max: 50 }) }, { requiredKeys: [] }),
    fc.record({ tracer: fc.constant('callTracer'), tracerConfig: fc.record({ onlyTopCall: fc.boolean(), withLog: fc.boolean() }, { requiredKeys: [] }) }),
    fc.record({ tracer: fc.constant('prestateTracer'), tracerConfig: fc.record({ diffMode: fc.boolean(), disableCode: fc.boolean() }, { requiredKeys: [] }) }),
  )
  const minedTxHash = fc.constantFrom(...s.minedTxHashes)

  return {
    anvil_dropAllTransactions: noParams,
    anvil_dropTransaction: anyHash.map((h) => [h]),
    anvil_dumpState: fc.oneof(noParams, fc.boolean().map((keep) => [keep])),
    anvil_getAutomine: noParams,
    anvil_loadState: fc.constant([s.stateDump]),
    anvil_metadata: noParams,
    anvil_mine: mine,
    anvil_nodeInfo: noParams,
    anvil_removeBlockTimestampInterval: noParams,
    anvil_reset: reset,
    anvil_setBlockTimestampInterval: count(100).map((n) => [n]),
    anvil_setCoinbase: fc.oneof(spareAddress, account).map((a) => [a]),
    anvil_setIntervalMining: fc.constantFrom(0, '0x0', 3600).map((seconds) => [seconds]),
    anvil_setLoggingEnabled: fc.boolean().map((on) => [on]),
    anvil_setMinGasPrice: count(64).map((price) => [price]),
    anvil_setNextBlockBaseFeePerGas: fc.oneof(count(64), fc.constantFrom('0x3b9aca00', '0x77359400')).map((fee) => [fee]),
    anvil_reorg: fc.integer({ min: 1, max: 3 }).chain((depth) =>
      fc.tuple(
        fc.constant(depth),
        fc.array(
          fc.tuple(
            fc.oneof(rawTx, fc.record({ from: fc.constantFrom(s.accounts[8]), to: fc.constantFrom(s.accounts[9]), value: fc.constant('0x1') })),
            fc.integer({ min: 0, max: depth - 1 }),
          ),
          { maxLength: 2 },
        ),
      ),
    ),
    anvil_impersonateAccount: spareAddress.map((a) => [a]),
    anvil_rollback: fc.oneof(noParams, fc.constant<unknown[]>([1])),
    anvil_setBalance: fc.tuple(spareAddress, fc.oneof(count(64), fc.constant('0x56bc75e2d63100000'))),
    anvil_setCode: fc.tuple(spareAddress, fc.constantFrom('0x', '0x6000', '0x60006000f3')),
    anvil_setNonce: fc.tuple(spareAddress, count(64)),
    debug_traceBlockByHash: fc.tuple(blockHash, optional(traceConfig)).map(([h, config]) => positional(h, config)),
    debug_traceBlockByNumber: fc.tuple(fc.oneof(fc.constantFrom('latest', 'pending'), fc.integer({ min: 1, max: 12 }).map(hexOf)), optional(traceConfig)).map(([t, config]) => positional(t, config)),
    debug_traceCall: fc
      .tuple(call, blockRef, optional(traceConfig), optional(stateOverride), optional(blockOverrides))
      .map(([c, ref, config, stateOverrides, blockOverrides]) => positional(c, ref, config === undefined ? undefined : fields({ ...config, stateOverrides, blockOverrides }))),
    debug_traceTransaction: fc.tuple(minedTxHash, optional(traceConfig)).map(([h, config]) => positional(h, config)),
    anvil_setStorageAt: fc.tuple(spareAddress, fc.constantFrom('0x0', '0x1', `0x${'0'.repeat(64)}`), fc.constantFrom(`0x${'0'.repeat(63)}1`, '0x01', '0x')),
    anvil_stopImpersonatingAccount: spareAddress.map((a) => [a]),
    eth_accounts: noParams,
    eth_baseFee: noParams,
    eth_blobBaseFee: noParams,
    eth_blockNumber: noParams,
    eth_call: fc.tuple(call, optional(blockRef), optional(stateOverride), optional(blockOverrides)).map(([c, ref, state, block]) => positional(c, ref, state, block)),
    eth_chainId: noParams,
    eth_coinbase: noParams,
    eth_createAccessList: fc.tuple(call, optional(blockRef)).map(([c, ref]) => positional(c, ref)),
    eth_estimateGas: fc.tuple(call, optional(blockRef), optional(stateOverride), optional(blockOverrides)).map(([c, ref, state, block]) => positional(c, ref, state, block)),
    eth_feeHistory: fc.tuple(count(5), tag, optional(fc.constantFrom([], [10, 50, 90], [0, 100]))).map(([n, newest, p]) => positional(n, newest, p)),
    eth_gasPrice: noParams,
    eth_getBalance: fc.tuple(anyAddress, optional(blockRef)).map(([a, ref]) => positional(a, ref)),
    eth_getBlockByHash: fc.tuple(blockHash, optional(fc.boolean())).map(([h, full]) => positional(h, full)),
    eth_getBlockByNumber: fc.tuple(tag, optional(fc.boolean())).map(([t, full]) => positional(t, full)),
    eth_getBlockReceipts: blockRef.map((ref) => [ref]),
    eth_getBlockTransactionCountByHash: blockHash.map((h) => [h]),
    eth_getBlockTransactionCountByNumber: tag.map((t) => [t]),
    eth_getCode: fc.tuple(anyAddress, optional(blockRef)).map(([a, ref]) => positional(a, ref)),
    eth_getFilterChanges: fc.constantFrom(...s.filterIds).map((id) => [id]),
    eth_getFilterLogs: fc.constantFrom(...s.filterIds).map((id) => [id]),
    eth_getLogs: logFilter.map((filter) => [filter]),
    eth_getProof: fc
      .tuple(anyAddress, fc.array(fc.constantFrom('0x0', '0x1', `0x${'0'.repeat(63)}2`), { maxLength: 3 }), optional(blockRef))
      .map(([a, slots, ref]) => positional(a, slots, ref)),
    eth_getStorageAt: fc.tuple(anyAddress, fc.constantFrom('0x0', '0x1', `0x${'0'.repeat(64)}`), optional(blockRef)).map(([a, slot, ref]) => positional(a, slot, ref)),
    eth_getTransactionByBlockHashAndIndex: fc.tuple(blockHash, count(3).map((n) => hexOf(Number(n)))),
    eth_getTransactionByBlockNumberAndIndex: fc.tuple(tag, count(3).map((n) => hexOf(Number(n)))),
    eth_getTransactionByHash: txHash.map((h) => [h]),
    eth_getTransactionCount: fc.tuple(anyAddress, optional(blockRef)).map(([a, ref]) => positional(a, ref)),
    eth_getTransactionReceipt: txHash.map((h) => [h]),
    eth_getUncleByBlockHashAndIndex: fc.tuple(blockHash, count(2).map((n) => hexOf(Number(n)))),
    eth_getUncleByBlockNumberAndIndex: fc.tuple(tag, count(2).map((n) => hexOf(Number(n)))),
    eth_getUncleCountByBlockHash: blockHash.map((h) => [h]),
    eth_getUncleCountByBlockNumber: tag.map((t) => [t]),
    eth_maxPriorityFeePerGas: noParams,
    eth_newBlockFilter: noParams,
    eth_newFilter: logFilter.map((filter) => [filter]),
    eth_newPendingTransactionFilter: noParams,
    eth_protocolVersion: noParams,
    eth_sendRawTransaction: rawTx.map((raw) => [raw]),
    eth_sendTransaction: transfer.map((tx) => [tx]),
    eth_sendUnsignedTransaction: transfer.map((tx) => [tx]),
    eth_sign: fc.tuple(account, bytes),
    eth_signTransaction: transfer.map((tx) => [tx]),
    eth_signTypedData_v4: fc.tuple(account, typedData),
    eth_simulateV1: fc
      .tuple(
        fc.array(
          fc.record(
            {
              blockOverrides: fc.record({ gasLimit: fc.constantFrom('0x1c9c380', '0x5f5e100'), feeRecipient: fc.constantFrom(...s.accounts.slice(0, 2)) }, { requiredKeys: [] }),
              stateOverrides: stateOverride,
              calls: fc.array(call, { maxLength: 3 }),
            },
            { requiredKeys: [] },
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.record({ traceTransfers: fc.boolean(), validation: fc.boolean(), returnFullTransactions: fc.boolean() }, { requiredKeys: [] }),
        optional(blockRef),
      )
      .map(([blockStateCalls, flags, ref]) => positional({ blockStateCalls, ...flags }, ref)),
    eth_subscribe: fc.oneof(
      fc.constant<unknown[]>(['newHeads']),
      logFilter.map((filter) => ['logs', fields({ address: filter.address, topics: filter.topics })]),
      fc.constant<unknown[]>(['newPendingTransactions']),
      fc.boolean().map((full) => ['newPendingTransactions', full]),
    ),
    eth_syncing: noParams,
    eth_uninstallFilter: fc.constantFrom(...s.filterIds, '0xffff').map((id) => [id]),
    eth_unsubscribe: fc.constantFrom(...s.subscriptionIds, '0xffff').map((id) => [id]),
    evm_increaseTime: count(100).map((n) => [n]),
    evm_mine: fc.oneof(noParams, futureTimestamp.map((t) => [t])),
    evm_revert: fc.constantFrom(s.snapshotId, '0x999').map((id) => [id]),
    evm_setBlockGasLimit: fc.constantFrom('0x1c9c380', 45_000_000).map((limit) => [limit]),
    evm_setAutomine: fc.boolean().map((on) => [on]),
    evm_setIntervalMining: fc.constantFrom(0, '0x0', 3_600_000).map((ms) => [ms]),
    evm_setNextBlockTimestamp: futureTimestamp.map((t) => [t]),
    evm_snapshot: noParams,
    hardhat_dropTransaction: anyHash.map((h) => [h]),
    hardhat_getAutomine: noParams,
    hardhat_metadata: noParams,
    hardhat_impersonateAccount: spareAddress.map((a) => [a]),
    hardhat_mine: mine,
    hardhat_reset: reset,
    hardhat_setBalance: fc.tuple(spareAddress, count(64)),
    hardhat_setCode: fc.tuple(spareAddress, fc.constantFrom('0x', '0x6000')),
    hardhat_setCoinbase: spareAddress.map((a) => [a]),
    hardhat_setLoggingEnabled: fc.boolean().map((on) => [on]),
    hardhat_setMinGasPrice: count(64).map((price) => [price]),
    hardhat_setNextBlockBaseFeePerGas: count(64).map((fee) => [fee]),
    hardhat_setNonce: fc.tuple(spareAddress, count(64)),
    hardhat_setStorageAt: fc.tuple(spareAddress, fc.constantFrom('0x0', '0x2'), fc.constantFrom(`0x${'0'.repeat(63)}2`)),
    net_listening: noParams,
    net_peerCount: noParams,
    hardhat_stopImpersonatingAccount: spareAddress.map((a) => [a]),
    net_version: noParams,
    personal_sign: fc.tuple(bytes, account, optional(fc.constant(''))).map(([data, a, password]) => positional(data, a, password)),
    sim_block: fc
      .record({ hash: blockHash, from: count(3), limit: fc.integer({ min: 1, max: 500 }) }, { requiredKeys: ['hash'] })
      .map((request) => [request]),
    // Faults that answer later calls well-formed (a lag, a clear); the fuzzer clears them after each case.
    sim_fault: fc
      .oneof(
        fc.constant({ kind: 'none' }),
        fc.record({ kind: fc.constant('lag'), blocks: fc.integer({ min: 1, max: 4 }), rate: fc.double({ min: 0, max: 1, noNaN: true }), seed: fc.integer() }, { requiredKeys: ['kind', 'blocks'] }),
      )
      .map((spec) => [spec]),
    sim_filters: fc.oneof(noParams, fc.record({ after: count(3), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }).map((page) => [page])),
    sim_forkTree: fc.oneof(
      noParams,
      fc.tuple(count(12), count(12)).map(([a, b]) => [{ fromBlock: a, toBlock: b }]).filter(([r]) => BigInt(r!.fromBlock) <= BigInt(r!.toBlock)),
      fc.record({ fromBlock: count(12) }).map((r) => [r]),
    ),
    sim_network: noParams,
    sim_pool: fc.oneof(noParams, fc.record({ limit: fc.integer({ min: 1, max: 1000 }) }).map((r) => [r])),
    sim_requests: fc.oneof(noParams, fc.record({ before: count(100), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }).map((r) => [r])),
    sim_scenario: noParams,
    sim_subscribe: fc.constantFrom<unknown[]>(['chain'], ['requests']),
    sim_subscriptions: fc.oneof(noParams, fc.record({ after: count(3), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }).map((r) => [r])),
    sim_transaction: fc
      .record({ blockHash: blockHash, index: count(2), logsFrom: count(3), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: ['blockHash', 'index'] })
      .map((request) => [request]),
    sim_unsubscribe: fc.constantFrom('0x1', '0xffff').map((id) => [id]),
    sim_reorg: fc
      .record(
        {
          depth: fc.integer({ min: 1, max: 3 }),
          length: fc.integer({ min: 0, max: 4 }),
          reinclude: fc.constantFrom('all', 'none'),
          drop: fc.array(fc.constantFrom(...s.pendingTxHashes), { maxLength: 1 }),
          add: fc.array(rawTx, { maxLength: 1 }),
          force: fc.boolean(),
        },
        { requiredKeys: ['depth'] },
      )
      .map((options) => [options]),
    // The fuzz chain replays nothing: sim_replay is refused there (-32000) whatever its params.
    sim_replay: fc.oneof(
      noParams,
      fc
        .record(
          { pause: fc.boolean(), resume: fc.boolean(), speed: fc.oneof(fc.constantFrom('fast', 'realtime'), fc.double({ min: 0.1, max: 100, noNaN: true })), to: count(20) },
          { requiredKeys: [] },
        )
        .map((change) => [change]),
    ),
    // A profile set here is cleared after each case.
    sim_reorgProfile: fc.oneof(
      noParams,
      fc.constant<unknown[]>([null]),
      fc.record({ profile: fc.constantFrom('ethereum', 'polygon', 'optimism', 'arbitrum', 'bsc', 'none'), seed: fc.integer() }, { requiredKeys: ['profile'] }).map((choice) => [choice]),
    ),
    sim_saveState: noParams,
    sim_settle: noParams,
    txpool_content: noParams,
    txpool_contentFrom: anyAddress.map((a) => [a]),
    txpool_inspect: noParams,
    txpool_status: noParams,
    web3_clientVersion: noParams,
    web3_sha3: bytes.map((data) => [data]),
  }
}

type Path = readonly (string | number)[]

/** Every position inside `value` (the value itself included), depth first. */
function positionsOf(value: unknown, prefix: Path = []): Path[] {
  const found: Path[] = [prefix]
  if (Array.isArray(value)) value.forEach((item, i) => found.push(...positionsOf(item, [...prefix, i])))
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) found.push(...positionsOf(item, [...prefix, key]))
  }
  return found
}

/** One way to spoil a value; `replacement` is a hostile value for the kinds that need one. */
export type Corruption = 'replace' | 'delete' | 'tweak' | 'wrap' | 'extraKey' | 'extraParam'

/** Small edits that keep a value almost right: one hex digit more or less, a prefix lost, a case or sign flipped. */
function tweak(value: unknown, choice: number): unknown {
  if (typeof value === 'string') {
    const edits = [
      value.slice(0, -1),
      `${value}0`,
      `${value}f`,
      value.startsWith('0x') ? value.slice(2) : `0x${value}`,
      value.toUpperCase(),
      value.startsWith('0x') ? `0x0${value.slice(2)}` : `${value} `,
      value.replace(/.$/, 'g'),
      value.startsWith('0x') && value.length <= 15 ? Number.parseInt(value, 16) : `${value}${value}`,
    ]
    return edits[choice % edits.length]
  }
  if (typeof value === 'number') return [-value, value + 0.5, value * 2 ** 53, hexOf(Math.trunc(Math.abs(value))), String(value), -1][choice % 6]
  if (typeof value === 'boolean') return [String(value), value ? 1 : 0, null][choice % 3]
  if (value === null) return [0, '', false, {}][choice % 4]
  if (Array.isArray(value)) return [[], [...value, ...value], value.slice(1), {}][choice % 4]
  return [[], null, 'object', Object.values(value as object)][choice % 4]
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

/** Applies one corruption at one position of a valid params array. */
export function corrupt(params: unknown[], pick: number, kind: Corruption, replacement: unknown, choice: number): unknown[] {
  const root = clone(params)
  if (kind === 'extraParam') return [...root, replacement]
  const positions = positionsOf(root).filter((path) => path.length > 0)
  if (positions.length === 0) return [replacement]
  const path = positions[pick % positions.length] as Path
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], root)
  const key = path[path.length - 1] as string | number
  const current = parent[key]
  switch (kind) {
    case 'replace':
      parent[key] = replacement
      break
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1)
      else delete parent[key]
      break
    case 'tweak':
      parent[key] = tweak(current, choice)
      break
    case 'wrap':
      parent[key] = [current]
      break
    case 'extraKey':
      if (typeof current === 'object' && current !== null && !Array.isArray(current)) {
        parent[key] = jsonObject([...Object.entries(current), [['gas', 'value', 'depth', 'topics', 'fromBlock', '__proto__', 'x'][choice % 7] as string, replacement]])
      } else parent[key] = replacement
      break
  }
  return root
}

const corruptionKind = fc.constantFrom<Corruption>('replace', 'delete', 'tweak', 'tweak', 'tweak', 'wrap', 'extraKey', 'extraParam')

/** Near-valid params: a valid call with one thing spoiled. */
export function nearValid(valid: ParamsArbitrary): fc.Arbitrary<unknown[]> {
  return fc
    .tuple(valid, fc.nat(), corruptionKind, fc.oneof(hostileValue, sizedHex), fc.nat())
    .map(([params, pick, kind, replacement, choice]) => corrupt(params, pick, kind, replacement, choice))
}

/** Params for one method: valid ones now and then, mostly near-valid ones, and some wholly hostile ones. */
export function paramsFor(valid: ParamsArbitrary): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    { weight: 5, arbitrary: nearValid(valid) },
    { weight: 2, arbitrary: hostileParams },
  )
}
