import fc from 'fast-check'
import type { z } from 'zod'
import { transactionCall } from '../../src/rpc/callRequest.ts'
import { quantityOrNumber, uint64OrNumber } from '../../src/rpc/controlSchemas.ts'
import type { AnyMethod } from '../../src/rpc/defineMethod.ts'
import { filterId } from '../../src/rpc/filterId.ts'
import { logFilterObject } from '../../src/rpc/logFilter.ts'
import { blockOverrides as blockOverridesSchema, stateOverride as stateOverrideSchema } from '../../src/rpc/overrides.ts'
import { METHODS } from '../../src/rpc/registry.ts'
import { address, blockTag, blockTagOrHash, boolean, data, hash32, quantity, uint64 } from '../../src/rpc/schemas.ts'
import { proofStorageKey, storageSlot } from '../../src/rpc/storageSlot.ts'
import { traceCallConfig as traceCallConfigSchema, traceConfig as traceConfigSchema } from '../../src/rpc/traceConfig.ts'
import { typedData as typedDataSchema } from '../../src/rpc/typedData.ts'
import { hostileParams, hostileValue, jsonObject, sizedHex } from './arbitraries.ts'
import type { FuzzSamples } from './fuzzChain.ts'

/*
 * Valid params for every method chainsim serves, built from the fuzz chain's real values, and the
 * corruptions the fuzzer applies to them: near-valid params differ from a valid call in one place, which
 * is where parameter checks are most often missing.
 *
 * The shapes are read from the method declarations (src/rpc/registry.ts): each param schema the wire shares
 * (an address, a block reference, a call object...) has its sample values, chosen by what the declaration
 * says the method touches (a block hash where it reads a block by hash, a spare account where it writes).
 * A method whose valid values depend on the chain beyond their types (a snapshot id, a state dump, a timestamp
 * after the head's) has its shape given below; a new method whose params are neither fails `validShapes`.
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
const fields = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined))

const count = (max: number) => fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }).map(hexOf))
const noParams: ParamsArbitrary = fc.constant([])

/** The fuzz chain's values, as arbitraries, that shapes are built from. */
function sampleValues(s: FuzzSamples) {
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
    .chain((filter) =>
      fc.oneof(
        fc.constant(filter),
        blockHash.map((hash) => fields({ address: filter.address, topics: filter.topics, blockHash: hash })),
      ),
    )
  const rawTx = fc.constantFrom(...s.rawTransactions)
  const txHash = fc.constantFrom(...s.minedTxHashes, ...s.pendingTxHashes)
  // The state-setting methods write to accounts nothing else uses, so the dev accounts keep working.
  const spareAddress = fc.constantFrom('0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb')
  const futureTimestamp = fc.integer({ min: 0, max: 1000 }).map((k) => hexOf(s.futureTimestamp + BigInt(k)))
  const anyHash = fc.oneof(txHash, fc.constant(`0x${'ab'.repeat(32)}`))
  const bytes = fc.constantFrom('0x', '0xdeadbeef', s.emitCalldata)
  const typedData = fc.record({ weight: fc.integer({ min: 0, max: 255 }), voter: fc.constantFrom(...s.accounts) }).chain((message) =>
    fc.constantFrom<unknown>(
      {
        types: {
          Vote: [
            { name: 'voter', type: 'address' },
            { name: 'weight', type: 'uint8' },
          ],
        },
        primaryType: 'Vote',
        domain: { name: 'DAO', chainId: 31337 },
        message,
      },
      JSON.stringify({
        types: {
          Vote: [
            { name: 'voter', type: 'address' },
            { name: 'weight', type: 'uint8' },
          ],
        },
        primaryType: 'Vote',
        domain: {},
        message,
      }),
    ),
  )
  const transfer = fc.record({
    from: fc.constantFrom(s.accounts[1], s.accounts[2]),
    to: fc.constantFrom(s.accounts[7], s.contract),
    value: fc.constantFrom('0x0', '0x1'),
  })
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
    fc.record(
      { disableStack: fc.boolean(), enableMemory: fc.boolean(), enableReturnData: fc.boolean(), limit: fc.integer({ min: 0, max: 50 }) },
      { requiredKeys: [] },
    ),
    fc.record({ tracer: fc.constant('callTracer'), tracerConfig: fc.record({ onlyTopCall: fc.boolean(), withLog: fc.boolean() }, { requiredKeys: [] }) }),
    fc.record({ tracer: fc.constant('prestateTracer'), tracerConfig: fc.record({ diffMode: fc.boolean(), disableCode: fc.boolean() }, { requiredKeys: [] }) }),
  )
  const traceCallConfig = fc
    .tuple(traceConfig, optional(stateOverride), optional(blockOverrides))
    .map(([config, stateOverrides, blockOverrides]) => fields({ ...config, stateOverrides, blockOverrides }))
  const minedTxHash = fc.constantFrom(...s.minedTxHashes)
  const slot = fc.constantFrom('0x0', '0x1', `0x${'0'.repeat(63)}2`)
  const mine = fc.tuple(optional(count(3)), optional(count(100))).map(([n, interval]) => positional(n, n === undefined ? undefined : interval))
  const reset = fc.constantFrom<unknown[]>([], [{}], [null], [{ forking: { blockNumber: null } }])
  return {
    s,
    account,
    anyAddress,
    spareAddress,
    blockHash,
    tag,
    blockRef,
    call,
    transfer,
    logFilter,
    rawTx,
    txHash,
    minedTxHash,
    anyHash,
    bytes,
    typedData,
    futureTimestamp,
    stateOverride,
    blockOverrides,
    traceConfig,
    traceCallConfig,
    slot,
    mine,
    reset,
  }
}

type Values = ReturnType<typeof sampleValues>

/** Where a param sits: its method's declaration and its position. */
interface ParamPlace {
  declaration: AnyMethod
  index: number
}

/**
 * Sample values of the param schemas the wire shares, by schema: what each is given may depend on what the
 * method touches (its declaration).
 */
function sharedSchemas(v: Values): Map<z.ZodType, (place: ParamPlace) => fc.Arbitrary<unknown>> {
  const blockKind = ({ declaration, index }: ParamPlace) => (declaration.reads?.block?.param === index ? declaration.reads.block.kind : undefined)
  return new Map<z.ZodType, (place: ParamPlace) => fc.Arbitrary<unknown>>([
    [address, ({ declaration }) => (declaration.writes ? v.spareAddress : v.anyAddress)],
    [
      hash32,
      (place) => {
        const kind = blockKind(place)
        if (kind === 'hash') return v.blockHash
        // Re-executing a transaction needs a mined one; looking one up takes any.
        if (kind === 'transaction') return place.declaration.reads?.state ? v.minedTxHash : v.txHash
        return v.anyHash
      },
    ],
    [blockTag, () => v.tag],
    [blockTagOrHash, () => v.blockRef],
    [quantity, () => count(3).map((n) => hexOf(Number(n)))],
    [uint64, () => count(2).map((n) => hexOf(Number(n)))],
    [quantityOrNumber, () => count(64)],
    [uint64OrNumber, () => count(64)],
    [boolean, () => fc.boolean()],
    [data, () => v.bytes],
    [storageSlot, () => v.slot],
    [proofStorageKey, () => v.slot],
    [filterId, () => fc.constantFrom(...v.s.filterIds)],
    [logFilterObject, () => v.logFilter],
    [transactionCall, ({ declaration }) => (declaration.writes ? v.transfer : v.call)],
    [stateOverrideSchema, () => v.stateOverride],
    [blockOverridesSchema, () => v.blockOverrides],
    [traceConfigSchema, () => v.traceConfig],
    [traceCallConfigSchema, () => v.traceCallConfig],
    [typedDataSchema, () => v.typedData],
  ])
}

/** Shapes given by hand: valid values that depend on the chain (its snapshots, dump, clock) or keep it usable. */
const GIVEN: Readonly<Record<string, (v: Values) => ParamsArbitrary>> = {
  anvil_loadState: (v) => fc.constant([v.s.stateDump]),
  anvil_mine: (v) => v.mine,
  anvil_reset: (v) => v.reset,
  anvil_setBlockTimestampInterval: () => count(100).map((n) => [n]),
  anvil_setCoinbase: (v) => fc.oneof(v.spareAddress, v.account).map((a) => [a]),
  // The fuzz chain's own id, in either form: its other samples (raw transactions) are signed for it.
  anvil_setChainId: () => fc.constantFrom(31337, '0x7a69').map((id) => [id]),
  anvil_impersonateSignature: (v) =>
    fc
      .tuple(
        fc.uint8Array({ minLength: 65, maxLength: 65 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
        fc.oneof(v.spareAddress, v.account),
        fc.boolean(),
      )
      .map(([signature, account, asPair]) => (asPair ? [[signature, account]] : [signature, account])),
  anvil_setIntervalMining: () => fc.constantFrom(0, '0x0', 3600).map((seconds) => [seconds]),
  anvil_setNextBlockBaseFeePerGas: () => fc.oneof(count(64), fc.constantFrom('0x3b9aca00', '0x77359400')).map((fee) => [fee]),
  anvil_reorg: (v) =>
    fc
      .integer({ min: 1, max: 3 })
      .chain((depth) =>
        fc.tuple(
          fc.constant(depth),
          fc.array(
            fc.tuple(
              fc.oneof(v.rawTx, fc.record({ from: fc.constantFrom(v.s.accounts[8]), to: fc.constantFrom(v.s.accounts[9]), value: fc.constant('0x1') })),
              fc.integer({ min: 0, max: depth - 1 }),
            ),
            { maxLength: 2 },
          ),
        ),
      ),
  anvil_rollback: () => fc.oneof(noParams, fc.constant<unknown[]>([1])),
  anvil_setStorageAt: (v) =>
    fc.tuple(v.spareAddress, fc.constantFrom('0x0', '0x1', `0x${'0'.repeat(64)}`), fc.constantFrom(`0x${'0'.repeat(63)}1`, '0x01', '0x')),
  debug_traceBlockByNumber: (v) =>
    fc
      .tuple(fc.oneof(fc.constantFrom('latest', 'pending'), fc.integer({ min: 1, max: 12 }).map(hexOf)), optional(v.traceConfig))
      .map(([t, config]) => positional(t, config)),
  eth_feeHistory: (v) => fc.tuple(count(5), v.tag, optional(fc.constantFrom([], [10, 50, 90], [0, 100]))).map(([n, newest, p]) => positional(n, newest, p)),
  eth_getStorageValues: (v) =>
    fc.tuple(v.anyAddress, fc.array(v.slot, { minLength: 1, maxLength: 3 }), v.blockRef).map(([account, slots, ref]) => [{ [account as string]: slots }, ref]),
  eth_sendRawTransaction: (v) => v.rawTx.map((raw) => [raw]),
  // A short wait: what a sync send sends may wait for a block the fuzz chain does not mine.
  eth_sendRawTransactionSync: (v) => v.rawTx.map((raw) => [raw, 50]),
  eth_sendTransactionSync: (v) => v.transfer.map((call) => [call, 50]),
  eth_simulateV1: (v) =>
    fc
      .tuple(
        fc.array(
          fc.record(
            {
              blockOverrides: fc.record(
                { gasLimit: fc.constantFrom('0x1c9c380', '0x5f5e100'), feeRecipient: fc.constantFrom(...v.s.accounts.slice(0, 2)) },
                { requiredKeys: [] },
              ),
              stateOverrides: v.stateOverride,
              calls: fc.array(v.call, { maxLength: 3 }),
            },
            { requiredKeys: [] },
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.record({ traceTransfers: fc.boolean(), validation: fc.boolean(), returnFullTransactions: fc.boolean() }, { requiredKeys: [] }),
        optional(v.blockRef),
      )
      .map(([blockStateCalls, flags, ref]) => positional({ blockStateCalls, ...flags }, ref)),
  eth_subscribe: (v) =>
    fc.oneof(
      fc.constant<unknown[]>(['newHeads']),
      v.logFilter.map((filter) => ['logs', fields({ address: filter.address, topics: filter.topics })]),
      fc.constant<unknown[]>(['newPendingTransactions']),
      fc.boolean().map((full) => ['newPendingTransactions', full]),
    ),
  eth_uninstallFilter: (v) => fc.constantFrom(...v.s.filterIds, '0xffff').map((id) => [id]),
  eth_unsubscribe: (v) => fc.constantFrom(...v.s.subscriptionIds, '0xffff').map((id) => [id]),
  evm_increaseTime: () => count(100).map((n) => [n]),
  evm_mine: (v) =>
    fc.oneof(
      noParams,
      v.futureTimestamp.map((t) => [t]),
    ),
  evm_revert: (v) => fc.constantFrom(v.s.snapshotId, '0x999').map((id) => [id]),
  evm_setBlockGasLimit: () => fc.constantFrom('0x1c9c380', 45_000_000).map((limit) => [limit]),
  evm_setIntervalMining: () => fc.constantFrom(0, '0x0', 3_600_000).map((ms) => [ms]),
  evm_setNextBlockTimestamp: (v) => v.futureTimestamp.map((t) => [t]),
  // Anvil's names and the other time and mining methods: the same shapes as their evm_ twins.
  anvil_increaseTime: () => count(100).map((n) => [n]),
  anvil_setNextBlockTimestamp: (v) => v.futureTimestamp.map((t) => [t]),
  anvil_setTime: (v) => v.futureTimestamp.map((t) => [t]),
  evm_setTime: (v) => v.futureTimestamp.map((t) => [t]),
  anvil_setBlockGasLimit: () => fc.constantFrom('0x1c9c380', 45_000_000).map((limit) => [limit]),
  anvil_revert: (v) => fc.constantFrom(v.s.snapshotId, '0x999').map((id) => [id]),
  anvil_mine_detailed: (v) =>
    fc.oneof(
      noParams,
      v.futureTimestamp.map((t) => [t]),
    ),
  evm_mine_detailed: (v) =>
    fc.oneof(
      noParams,
      v.futureTimestamp.map((t) => [t]),
    ),
  // No upstream to switch to on the fuzzed chain: it is no fork, so the URL changes nothing.
  anvil_setRpcUrl: () => fc.constantFrom('http://127.0.0.1:1/', 'https://example.invalid/').map((url) => [url]),
  // Otterscan's block numbers, pages and page sizes are JSON numbers (a block may also be a tag or a hex number).
  erigon_getHeaderByNumber: (v) => fc.oneof(v.tag, fc.integer({ min: 0, max: 12 })).map((block) => [block]),
  ots_getBlockDetails: (v) =>
    fc
      .oneof(
        v.tag.filter((tag) => tag !== 'pending'),
        fc.integer({ min: 0, max: 12 }),
      )
      .map((block) => [block]),
  ots_getBlockTransactions: () => fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 25 })),
  ots_hasCode: (v) => fc.tuple(v.anyAddress, fc.oneof(v.blockRef, fc.integer({ min: 0, max: 12 }))),
  ots_getTransactionBySenderAndNonce: (v) => fc.tuple(v.anyAddress, fc.oneof(fc.integer({ min: 0, max: 20 }), count(20))),
  ots_searchTransactionsAfter: (v) => fc.tuple(v.anyAddress, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 25 })),
  ots_searchTransactionsBefore: (v) => fc.tuple(v.anyAddress, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 25 })),
  trace_filter: (v) =>
    fc
      .record(
        {
          fromBlock: fc.integer({ min: 0, max: 6 }).map(hexOf),
          toBlock: fc.constantFrom('latest', '0x6'),
          fromAddress: fc.array(v.anyAddress, { maxLength: 2 }),
          toAddress: fc.array(v.anyAddress, { maxLength: 2 }),
          after: fc.integer({ min: 0, max: 3 }),
          count: fc.integer({ min: 0, max: 5 }),
          mode: fc.constantFrom('union', 'intersection'),
        },
        { requiredKeys: [] },
      )
      .map((filter) => [filter]),
  personal_sign: (v) => fc.tuple(v.bytes, v.account, optional(fc.constant(''))).map(([data, a, password]) => positional(data, a, password)),
  sim_block: (v) =>
    fc.record({ hash: v.blockHash, from: count(3), limit: fc.integer({ min: 1, max: 500 }) }, { requiredKeys: ['hash'] }).map((request) => [request]),
  // Faults that answer later calls well-formed (a lag, a clear); the fuzzer clears them after each case.
  sim_fault: () =>
    fc
      .oneof(
        fc.constant({ kind: 'none' }),
        fc.record(
          { kind: fc.constant('lag'), blocks: fc.integer({ min: 1, max: 4 }), rate: fc.double({ min: 0, max: 1, noNaN: true }), seed: fc.integer() },
          { requiredKeys: ['kind', 'blocks'] },
        ),
      )
      .map((spec) => [spec]),
  sim_filters: () =>
    fc.oneof(
      noParams,
      fc.record({ after: count(3), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }).map((page) => [page]),
    ),
  sim_forkTree: () =>
    fc.oneof(
      noParams,
      fc
        .tuple(count(12), count(12))
        .map(([a, b]) => [{ fromBlock: a, toBlock: b }])
        .filter(([r]) => BigInt(r!.fromBlock) <= BigInt(r!.toBlock)),
      fc.record({ fromBlock: count(12) }).map((r) => [r]),
    ),
  sim_pool: () =>
    fc.oneof(
      noParams,
      fc.record({ limit: fc.integer({ min: 1, max: 1000 }) }).map((r) => [r]),
    ),
  sim_requests: () =>
    fc.oneof(
      noParams,
      fc.record({ before: count(100), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }).map((r) => [r]),
    ),
  sim_subscribe: () => fc.constantFrom<unknown[]>(['chain'], ['requests']),
  sim_subscriptions: () =>
    fc.oneof(
      noParams,
      fc.record({ after: count(3), limit: fc.integer({ min: 1, max: 1000 }) }, { requiredKeys: [] }).map((r) => [r]),
    ),
  sim_transaction: (v) =>
    fc
      .record(
        { blockHash: v.blockHash, index: count(2), logsFrom: count(3), limit: fc.integer({ min: 1, max: 1000 }) },
        { requiredKeys: ['blockHash', 'index'] },
      )
      .map((request) => [request]),
  sim_unsubscribe: () => fc.constantFrom('0x1', '0xffff').map((id) => [id]),
  sim_reorg: (v) =>
    fc
      .record(
        {
          depth: fc.integer({ min: 1, max: 3 }),
          length: fc.integer({ min: 0, max: 4 }),
          reinclude: fc.constantFrom('all', 'none'),
          drop: fc.array(fc.constantFrom(...v.s.pendingTxHashes), { maxLength: 1 }),
          add: fc.array(v.rawTx, { maxLength: 1 }),
          force: fc.boolean(),
        },
        { requiredKeys: ['depth'] },
      )
      .map((options) => [options]),
  // The fuzz chain replays nothing: sim_replay is refused there (-32000) whatever its params.
  sim_replay: () =>
    fc.oneof(
      noParams,
      fc
        .record(
          {
            pause: fc.boolean(),
            resume: fc.boolean(),
            speed: fc.oneof(fc.constantFrom('fast', 'realtime'), fc.double({ min: 0.1, max: 100, noNaN: true })),
            to: count(20),
          },
          { requiredKeys: [] },
        )
        .map((change) => [change]),
    ),
  // A profile set here is cleared after each case.
  sim_reorgProfile: () =>
    fc.oneof(
      noParams,
      fc.constant<unknown[]>([null]),
      fc
        .record({ profile: fc.constantFrom('ethereum', 'polygon', 'optimism', 'arbitrum', 'bsc', 'none'), seed: fc.integer() }, { requiredKeys: ['profile'] })
        .map((choice) => [choice]),
    ),
}

/** The hand-given shape of a method, if it has one; a Hardhat name shares its Anvil twin's. */
function givenShape(name: string, v: Values): ParamsArbitrary | undefined {
  const given = GIVEN[name] ?? GIVEN[name.replace(/^hardhat_/, 'anvil_')]
  return given?.(v)
}

/** A schema without the optional, nullable and default wrappers around it. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema
  while (['optional', 'nullable', 'default', 'prefault'].includes(inner._zod.def.type))
    inner = (inner._zod.def as unknown as { innerType: z.ZodType }).innerType
  return inner
}

/** Valid values of one param schema, or undefined when neither the shared schemas nor its structure say them. */
function valuesOf(schema: z.ZodType, place: ParamPlace, shared: ReturnType<typeof sharedSchemas>): fc.Arbitrary<unknown> | undefined {
  const inner = unwrapped(schema)
  const known = shared.get(inner)
  if (known) return known(place)
  const def = inner._zod.def as unknown as { type: string; element?: z.ZodType; options?: z.ZodType[]; entries?: Record<string, string> }
  switch (def.type) {
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}))
    case 'array': {
      const element = def.element && valuesOf(def.element, place, shared)
      return element && fc.array(element, { maxLength: 3 })
    }
    case 'union': {
      const options = (def.options ?? []).map((option) => valuesOf(option, place, shared))
      return options.every((option) => option !== undefined) ? fc.oneof(...(options as fc.Arbitrary<unknown>[])) : undefined
    }
    default:
      return undefined
  }
}

/** A method's valid params from its declared schemas; trailing optional ones are left out now and then. */
function derivedShape(declaration: AnyMethod, shared: ReturnType<typeof sharedSchemas>): ParamsArbitrary {
  const params = declaration.params.map((schema, index) => {
    const values = valuesOf(schema, { declaration, index }, shared)
    if (!values) {
      throw new Error(`${declaration.name}: no fuzz values for param ${index}; give the method a shape in GIVEN (test/fuzz/methodShapes.ts)`)
    }
    return schema.safeParse(undefined).success ? optional(values) : values
  })
  return fc.tuple(...params).map((values) => positional(...values))
}

/** Valid params for every declared method: derived from its declaration, or given where the chain decides them. */
export function validShapes(s: FuzzSamples): Record<string, ParamsArbitrary> {
  const v = sampleValues(s)
  const shared = sharedSchemas(v)
  return Object.fromEntries(METHODS.map((method) => [method.name, givenShape(method.name, v) ?? derivedShape(method, shared)]))
}

/** The names of the methods whose shapes are given by hand (the rest are derived from their declarations). */
export const GIVEN_SHAPES: readonly string[] = Object.keys(GIVEN)

type Path = readonly (string | number)[]

/** Every position inside `value` (the value itself included), depth first. */
function positionsOf(value: unknown, prefix: Path = []): Path[] {
  const found: Path[] = [prefix]
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) found.push(...positionsOf(item, [...prefix, i]))
  } else if (typeof value === 'object' && value !== null) {
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
        parent[key] = jsonObject([
          ...Object.entries(current),
          [['gas', 'value', 'depth', 'topics', 'fromBlock', '__proto__', 'x'][choice % 7] as string, replacement],
        ])
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
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 5, arbitrary: nearValid(valid) }, { weight: 2, arbitrary: hostileParams })
}
