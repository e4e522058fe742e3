import { z } from 'zod'
import { networkConfig } from '../config/schema.ts'

/**
 * The scenario file format (YAML, or JSON), as zod schemas. `scenarios/scenario.schema.json` is generated
 * from these (`npm run scenario-schema`) for editor completion; a test keeps it up to date. The schemas hold
 * plain data only (no transforms): the player interprets amounts, `$name` references and signatures.
 */

/** Bundled contracts a `deploy` step can name. */
export const BUNDLED_CONTRACT_NAMES = ['ChainsimToken', 'EventEmitter'] as const

const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a name is letters, digits and _, not starting with a digit')

/** `$name` or `$name.path.0`: a value bound by an earlier step (or an account name). */
const reference = z
  .string()
  .regex(/^\$[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/, 'expected a $name reference')
  .describe('a value bound by an earlier step: $name, or $name.field.0')

const hexString = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex')

/**
 * An integer: a number, or a string: decimal, 0x-hex, `250e18`, or with a unit (`1.5 ether`, `2 gwei`, `7 wei`).
 * Large unquoted numbers are read exactly from the file's text.
 */
const amount = z
  .union([z.number().int().nonnegative(), z.bigint().nonnegative(), z.string()], {
    error: 'expected a non-negative integer: 1000, "0x3e8", "250e18", "1.5 ether" or a $name',
  })
  .meta({ id: 'amount', description: 'an integer: 1000, "0x3e8", "250e18", "1.5 ether", "2 gwei", or a $name' })

const count = z.number().int().nonnegative()

/** A dev account: its index, a name from `accounts`, or an address ($name or 0x). */
const account = z
  .union([z.number().int().nonnegative(), z.string()], { error: 'expected a dev account index, an account name or an address' })
  .meta({ id: 'account', description: 'a dev account: its index (0-9), a name from `accounts`, or an address' })

const signature = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*\(.*\)$/, 'expected a function signature such as transfer(address,uint256)')
  .meta({ id: 'signature', description: 'a function signature: transfer(address,uint256)' })

/** Any JSON value; `$name` strings inside are replaced by bound values. */
const json = z.unknown()

const errorExpectation = z
  .union([
    z.literal(true),
    z.object({ code: z.number().int().optional(), message: z.string().optional(), data: json.optional() }).strict(),
  ])
  .describe('the call must fail: true, or the error fields that must match (message as a substring)')

const checks = {
  equal: json.optional().describe('the value equals this (numbers match hex quantities numerically)'),
  contains: json
    .optional()
    .describe('objects: these fields match; arrays: these elements appear in this order; strings: a substring'),
  length: count.optional().describe('the array (or string) has this length'),
  fields: z.record(z.string(), json).optional().describe('path → value: each field equals its value (paths: a.0.b)'),
  matches: z.record(z.string(), z.string()).optional().describe('path → regular expression the field matches'),
  differs: z.record(z.string(), json).optional().describe('path → value: each field differs from its value'),
}

/** Expectations on a call's result; with `error`, the call must fail and the checks look at the error. */
export const callExpectation = z
  .object({
    ...checks,
    error: errorExpectation.optional(),
    httpStatus: z.number().int().min(100).max(599).optional().describe('the HTTP status the response goes with'),
  })
  .strict()
  .meta({ id: 'callExpectation' })

/** Expectations on what a filter or subscription reports. */
export const changesExpectation = z
  .object({
    ...checks,
    removed: count.optional().describe('how many entries are removed logs (removed: true)'),
    ordered: z
      .boolean()
      .optional()
      .describe('geth\'s order: removed logs first, oldest first; then the rest by block and log index'),
    error: errorExpectation.optional(),
  })
  .strict()

/** Expectations on a transaction: its status, and checks on eth_getTransactionByHash's answer. */
export const transactionExpectation = z
  .object({
    ...checks,
    status: z.enum(['mined', 'pending', 'dropped']).optional().describe('mined (canonical), pending (pool) or dropped (unknown)'),
  })
  .strict()

const stepBase = {
  name: z.string().min(1).optional().describe('what the step does, shown in the report'),
  network: identifier.optional().describe('the network the step runs on (default: the first)'),
}

const binds = { as: identifier.optional().describe('binds the step\'s value to $name for later steps') }

const transactionFields = {
  from: account.optional().describe('the sender (default: dev account 0)'),
  to: z.string().optional().describe('an address or $name'),
  value: amount.optional(),
  data: z.string().optional().describe('calldata (0x hex or $name); or give `function` and `args`'),
  function: signature.optional(),
  args: z.array(json).optional().describe('the function\'s arguments'),
  gas: amount.optional(),
  nonce: amount.optional(),
  gasPrice: amount.optional(),
  maxFeePerGas: amount.optional(),
  maxPriorityFeePerGas: amount.optional(),
}

const deployStep = z
  .object({
    ...stepBase,
    ...binds,
    deploy: z
      .object({
        contract: z.enum(BUNDLED_CONTRACT_NAMES).optional().describe('a bundled contract'),
        bytecode: z.string().optional().describe('creation code (0x hex or $name), instead of `contract`'),
        types: z.array(z.string()).optional().describe('constructor argument types, with `bytecode`'),
        args: z.array(json).optional().describe('constructor arguments'),
        from: account.optional(),
        value: amount.optional(),
        gas: amount.optional(),
      })
      .strict()
      .describe('deploys a contract; binds its address'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'deployStep' })

const sendStep = z
  .object({
    ...stepBase,
    ...binds,
    send: z
      .object({
        ...transactionFields,
        raw: z.string().optional().describe('a raw signed transaction (0x hex or $name.raw), sent as it is'),
        pending: z.boolean().optional().describe('leave it in the pool even if the network automines'),
        reverts: z.boolean().optional().describe('the transaction is expected to revert when mined (default: it must not)'),
      })
      .strict()
      .describe('sends a transaction signed by a dev account (or a raw one); binds its hash'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'sendStep' })

const signStep = z
  .object({
    ...stepBase,
    ...binds,
    sign: z
      .object(transactionFields)
      .strict()
      .describe('signs a transaction without sending it; binds {raw, hash} (for reorg add, or send raw)'),
  })
  .strict()
  .meta({ id: 'signStep' })

const callStep = z
  .object({
    ...stepBase,
    ...binds,
    call: z
      .object({
        to: z.string().describe('an address or $name'),
        function: signature,
        args: z.array(json).optional(),
        returns: z.array(z.string()).optional().describe('return types to decode: [uint256]'),
        from: account.optional(),
        block: z.union([z.string(), count]).optional().describe('block tag or number (default latest)'),
      })
      .strict()
      .describe('eth_call of a function; binds the decoded result (one value, or an array)'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'callStep' })

const mineStep = z
  .object({
    ...stepBase,
    mine: z
      .union([
        count,
        z.object({ blocks: count.optional(), interval: count.optional().describe('seconds between blocks') }).strict(),
      ])
      .describe('mines N blocks from the pool (anvil_mine)'),
  })
  .strict()
  .meta({ id: 'mineStep' })

const miningStep = z
  .object({
    ...stepBase,
    mining: z
      .union([z.enum(['auto', 'manual']), z.object({ intervalMs: z.number().int().positive() }).strict()])
      .describe('auto (a block per transaction), manual, or {intervalMs} on the scenario clock'),
  })
  .strict()
  .meta({ id: 'miningStep' })

const reorgStep = z
  .object({
    ...stepBase,
    ...binds,
    reorg: z
      .object({
        depth: z.number().int().min(1),
        length: count.optional().describe('blocks in the new branch (default depth + 1)'),
        reinclude: z.enum(['all', 'none']).optional(),
        drop: z.array(z.string()).optional().describe('transaction hashes ($name) to discard'),
        add: z.array(z.string()).optional().describe('raw signed transactions ($name.raw) for the first new block'),
        force: z.boolean().optional(),
      })
      .strict()
      .describe('sim_reorg; binds its answer'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'reorgStep' })

const logCriteria = z
  .object({
    address: z.union([z.string(), z.array(z.string())]).optional(),
    topics: z.array(json).optional(),
    fromBlock: z.union([z.string(), count]).optional(),
    toBlock: z.union([z.string(), count]).optional(),
  })
  .strict()
  .meta({ id: 'logCriteria' })

const filterStep = z
  .object({
    ...stepBase,
    as: identifier.describe('the filter\'s name, for `changes` and $name (its id)'),
    filter: z
      .union([z.enum(['blocks', 'pendingTransactions']), logCriteria])
      .describe('installs a filter: log criteria, `blocks` or `pendingTransactions`'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'filterStep' })

const subscribeStep = z
  .object({
    ...stepBase,
    as: identifier.describe('the subscription\'s name, for `changes` and $name (its id)'),
    subscribe: z
      .union([z.enum(['newHeads', 'newPendingTransactions']), logCriteria.omit({ fromBlock: true, toBlock: true })])
      .describe('eth_subscribe: log criteria, `newHeads` or `newPendingTransactions`'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'subscribeStep' })

const waitStep = z
  .object({
    ...stepBase,
    wait: z
      .union([
        z.object({ ms: count.describe('milliseconds on the scenario clock (filters expire, interval mining runs)') }).strict(),
        z.object({ block: count.describe('until the head reaches this block (interval mining)') }).strict(),
      ])
      .describe('moves the scenario clock: {ms} or {block}'),
  })
  .strict()
  .meta({ id: 'waitStep' })

const faultStep = z
  .object({
    ...stepBase,
    fault: z
      .object({
        method: z.string().min(1).describe('the JSON-RPC method, or * for any'),
        count: z.number().int().min(1).optional().describe('how many calls (default 1)'),
        error: z.object({ code: z.number().int(), message: z.string(), data: json.optional() }).strict().optional(),
        latencyMs: count.optional().describe('real milliseconds each call waits'),
        httpStatus: z.number().int().min(100).max(599).optional().describe('the HTTP status of the response'),
      })
      .strict()
      .describe('makes a method\'s next calls fail or wait, in-process and over HTTP/WS'),
  })
  .strict()
  .meta({ id: 'faultStep' })

const rpcStep = z
  .object({
    ...stepBase,
    ...binds,
    rpc: z
      .union([
        z.string().min(1),
        z.object({ method: z.string().min(1), params: z.array(json).optional() }).strict(),
      ])
      .describe('any JSON-RPC call: a method name, or {method, params}; binds the result'),
    expect: callExpectation.optional(),
  })
  .strict()
  .meta({ id: 'rpcStep' })

const changesStep = z
  .object({
    ...stepBase,
    ...binds,
    changes: reference.describe('a filter or subscription: what it reports since the last look'),
    expect: changesExpectation.optional(),
  })
  .strict()
  .meta({ id: 'changesStep' })

const transactionStep = z
  .object({
    ...stepBase,
    ...binds,
    transaction: z.string().describe('a transaction hash ($name)'),
    expect: transactionExpectation.optional(),
  })
  .strict()
  .meta({ id: 'transactionStep' })

/** Each step kind, by the key that names its action. */
export const stepSchemas = {
  deploy: deployStep,
  send: sendStep,
  sign: signStep,
  call: callStep,
  mine: mineStep,
  mining: miningStep,
  reorg: reorgStep,
  filter: filterStep,
  subscribe: subscribeStep,
  wait: waitStep,
  fault: faultStep,
  rpc: rpcStep,
  changes: changesStep,
  transaction: transactionStep,
} as const

export type StepKind = keyof typeof stepSchemas
export const STEP_KINDS = Object.keys(stepSchemas) as StepKind[]

/** One step: exactly one action key (deploy, send, ...) and the keys that go with it. */
export const step = z.union([
  deployStep,
  sendStep,
  signStep,
  callStep,
  mineStep,
  miningStep,
  reorgStep,
  filterStep,
  subscribeStep,
  waitStep,
  faultStep,
  rpcStep,
  changesStep,
  transactionStep,
])

/** A whole scenario file. */
export const scenarioSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).describe('what the scenario shows'),
    description: z.string().optional(),
    clock: z
      .object({
        genesisTime: count.optional().describe('genesis timestamp, seconds (default 1700000000)'),
        blockTime: z.number().int().positive().optional().describe('seconds per block (default 12)'),
      })
      .strict()
      .optional()
      .describe('block n is stamped genesisTime + n × blockTime, so every run gives the same hashes'),
    networks: z
      .array(networkConfig)
      .min(1)
      .optional()
      .describe('the networks, as in the config file (default: one `dev`, chain id 31337, automine)'),
    accounts: z
      .record(identifier, z.number().int().min(0))
      .optional()
      .describe('names for dev accounts: alice: 0 (then from: alice, and $alice is its address)'),
    steps: z.array(step).min(1),
  })
  .strict()

export type Scenario = z.output<typeof scenarioSchema>
export type ScenarioStep = Scenario['steps'][number]
export type DeployStep = z.output<typeof deployStep>
export type SendStep = z.output<typeof sendStep>
export type SignStep = z.output<typeof signStep>
export type CallStep = z.output<typeof callStep>
export type MineStep = z.output<typeof mineStep>
export type MiningStep = z.output<typeof miningStep>
export type ReorgStep = z.output<typeof reorgStep>
export type FilterStep = z.output<typeof filterStep>
export type SubscribeStep = z.output<typeof subscribeStep>
export type WaitStep = z.output<typeof waitStep>
export type FaultStep = z.output<typeof faultStep>
export type RpcStep = z.output<typeof rpcStep>
export type ChangesStep = z.output<typeof changesStep>
export type TransactionStep = z.output<typeof transactionStep>
export type CallExpectation = z.output<typeof callExpectation>
export type ChangesExpectation = z.output<typeof changesExpectation>
export type TransactionExpectation = z.output<typeof transactionExpectation>
