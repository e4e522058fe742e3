import { z } from 'zod'

/**
 * The pieces step schemas are made of (src/scenarios/steps/), and the expectations steps check. Plain data
 * only (no transforms): the player interprets amounts, `$name` references and signatures.
 */

/** Bundled contracts a `deploy` step can name. */
export const BUNDLED_CONTRACT_NAMES = ['ChainsimToken', 'EventEmitter'] as const

export const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a name is letters, digits and _, not starting with a digit')

/** `$name` or `$name.path.0`: a value bound by an earlier step (or an account name). */
export const reference = z
  .string()
  .regex(/^\$[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/, 'expected a $name reference')
  .describe('a value bound by an earlier step: $name, or $name.field.0')

/**
 * An integer: a number, or a string: decimal, 0x-hex, `250e18`, or with a unit (`1.5 ether`, `2 gwei`, `7 wei`).
 * Large unquoted numbers are read exactly from the file's text.
 */
export const amount = z
  .union([z.number().int().nonnegative(), z.bigint().nonnegative(), z.string()], {
    error: 'expected a non-negative integer: 1000, "0x3e8", "250e18", "1.5 ether" or a $name',
  })
  .meta({ id: 'amount', description: 'an integer: 1000, "0x3e8", "250e18", "1.5 ether", "2 gwei", or a $name' })

export const count = z.number().int().nonnegative()

/** A dev account: its index, a name from `accounts`, or an address ($name or 0x). */
export const account = z
  .union([z.number().int().nonnegative(), z.string()], { error: 'expected a dev account index, an account name or an address' })
  .meta({ id: 'account', description: 'a dev account: its index (0-9), a name from `accounts`, or an address' })

export const signature = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*\(.*\)$/, 'expected a function signature such as transfer(address,uint256)')
  .meta({ id: 'signature', description: 'a function signature: transfer(address,uint256)' })

/** Any JSON value; `$name` strings inside are replaced by bound values. */
export const json = z.unknown()

const errorExpectation = z
  .union([z.literal(true), z.object({ code: z.number().int().optional(), message: z.string().optional(), data: json.optional() }).strict()])
  .describe('the call must fail: true, or the error fields that must match (message as a substring)')

/** Bounds on a quantity or a count; they may also stand as a matcher wherever a value is expected. */
const comparisons = {
  gt: amount.optional().describe('a number (or hex quantity) greater than this'),
  gte: amount.optional().describe('a number (or hex quantity) at least this'),
  lt: amount.optional().describe('a number (or hex quantity) less than this'),
  lte: amount.optional().describe('a number (or hex quantity) at most this'),
}

const checks = {
  equal: json.optional().describe('the value equals this (numbers match hex quantities numerically)'),
  contains: json.optional().describe('objects: these fields match; arrays: these elements appear in this order; strings: a substring'),
  includes: z
    .array(json)
    .optional()
    .describe('arrays: each of these elements is there, in any order, each matched (as contains matches) by a different element'),
  oneOf: z.array(json).min(1).optional().describe('the value equals one of these'),
  ...comparisons,
  length: z
    .union([count, z.object(comparisons).strict()])
    .optional()
    .describe('the array (or string) has this length, or one within these bounds ({gte: 2})'),
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
    ordered: z.boolean().optional().describe("geth's order: removed logs first, oldest first; then the rest by block and log index"),
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

/** The most times `repeat` runs a step, so that a typo cannot run for hours. */
export const MAX_REPEAT = 100_000

/** The name `repeat` binds to the iteration number (0, 1, ...) while it runs a step. */
export const ITERATION_NAME = 'i'

export const stepBase = {
  name: z.string().min(1).optional().describe('what the step does, shown in the report'),
  network: identifier.optional().describe('the network the step runs on (default: the first)'),
  repeat: z
    .number()
    .int()
    .min(1)
    .max(MAX_REPEAT)
    .optional()
    .describe("runs the step this many times, $i being 0, 1, ...; its `as` binds the list of every run's value"),
}

export const binds = { as: identifier.optional().describe("binds the step's value to $name for later steps") }

export const transactionFields = {
  from: account.optional().describe('the sender (default: dev account 0)'),
  to: z.string().optional().describe('an address or $name'),
  value: amount.optional(),
  data: z.string().optional().describe('calldata (0x hex or $name); or give `function` and `args`'),
  function: signature.optional(),
  args: z.array(json).optional().describe("the function's arguments"),
  gas: amount.optional(),
  nonce: amount.optional(),
  gasPrice: amount.optional(),
  maxFeePerGas: amount.optional(),
  maxPriorityFeePerGas: amount.optional(),
}

export const logCriteria = z
  .object({
    address: z.union([z.string(), z.array(z.string())]).optional(),
    topics: z.array(json).optional(),
    fromBlock: z.union([z.string(), count]).optional(),
    toBlock: z.union([z.string(), count]).optional(),
    blockHash: z.string().optional().describe("one block's logs: its hash ($name), instead of fromBlock and toBlock"),
  })
  .strict()
  .meta({ id: 'logCriteria' })

export type CallExpectation = z.output<typeof callExpectation>
export type ChangesExpectation = z.output<typeof changesExpectation>
export type TransactionExpectation = z.output<typeof transactionExpectation>
