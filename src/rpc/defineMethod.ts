import type { z } from 'zod'
import { MethodNotFoundError } from '../errors.ts'
import { fromDomainError } from './domainErrors.ts'
import type { FaultyArguments } from './domainErrors.ts'
import type { MethodContext, MethodHandler } from './methodContext.ts'
import type { MethodRecording } from './methodRecording.ts'
import type { PricedProvider } from './providers/pricedProviders.ts'
import type { RawJson } from './rawJson.ts'
import { parseParams } from './schemas.ts'
import type { ParamsOutput } from './schemas.ts'

/*
 * One declaration per JSON-RPC method: what it takes, what it answers, what it touches, and its handler. The
 * method table, a forked network's routing, the `lag` fault, the control set, throughput prices, the typed
 * schema users give viem (`ChainsimRpcSchema`), the fuzz suite's shapes, what `serve --record` writes and the
 * method reference in the docs are all read from these declarations (src/rpc/registry.ts lists them).
 */

/**
 * How a method names the block it reads:
 * - `number`: a block tag or number (`"latest"`, `"0x1a"`)
 * - `hash`: a block hash
 * - `reference`: a tag, a number, a hash or an EIP-1898 object (`{blockHash, requireCanonical?}`, `{blockNumber}`)
 * - `transaction`: the block of the transaction whose hash it is
 * - `logFilter`: a log filter's range (`fromBlock`, `toBlock`) or its `blockHash`
 */
export type BlockReadKind = 'number' | 'hash' | 'reference' | 'transaction' | 'logFilter'

/** The block a method reads: which parameter names it, and how. */
export interface BlockRead {
  param: number
  kind: BlockReadKind
}

/** What a method reads: a block named by a parameter, and the state after it (accounts, code, storage). */
export interface MethodReads {
  block?: BlockRead
  state?: boolean
}

/**
 * How a forked network answers a method for blocks up to its fork block (src/rpc/forkedMethods.ts routes it):
 * - `forwarded`: asked of the upstream, and cached (blocks, transactions, receipts, state before the fork)
 * - `passedOn`: asked of the upstream, not cached (traces, which can be large)
 * - `merged`: the node merges the upstream's logs with its own; a block hash below the fork is asked by number
 * - `local`: the node answers from what it holds (its history starts at the fork block)
 */
export type ForkAnswer = 'forwarded' | 'passedOn' | 'merged' | 'local'

declare const wire: unique symbol

/** A method's answer type on the wire, carried by the declaration for `ChainsimRpcSchema` (types only). */
export interface WireType<T> {
  readonly [wire]?: T
}

/**
 * The wire type of a method's answer: `result: returns<RpcBlock | null>()`. The handler must give a value of
 * that type (or the same already written as JSON, a `RawJson` of it).
 */
export function returns<T>(): WireType<T> {
  return {}
}

/** What a handler gives: the answer, or the same already written as JSON; at once or later. */
export type Answer<R> = R | RawJson<R> | Promise<R | RawJson<R>>

/** What a declaration says besides its parameters and handler. */
export interface MethodTouches {
  /** One line for the method reference (docs/reference/json-rpc.md). */
  description: string
  reads?: MethodReads
  /** Whether it changes the network through its write queue (chain, pool, clock, mining, accounts, keys). */
  writes?: boolean
  /** How a recording (`serve --record`) writes a call of it, said only by a method that `writes`; as it was sent when not said. */
  recorded?: MethodRecording
  /** Answered over a WebSocket only (it notifies): elsewhere -32601 names the method, before its params are looked at. */
  webSocketOnly?: boolean
  /** chainsim's own test-client and explorer methods: never rate limited, lagged or partially failed in a batch. */
  control?: boolean
  /** Whether a lagging replica (the `lag` fault) answers it from its older head. Said for every method that reads a block. */
  lagged?: boolean
  /** How a forked network answers it up to the fork block; required with `reads.block`. */
  fork?: ForkAnswer
  /** Units one request costs in a provider's throughput pricing; a provider not named charges its `defaultUnits`. */
  cost?: Partial<Record<PricedProvider, number>>
  /**
   * Which argument each kind of domain refusal it may meet points at (`invalid argument N: …`, -32602): its
   * typed data, its token, its reorg placements. A kind not named points at argument 0.
   */
  faultyArgument?: FaultyArguments
}

/** A declaration whose params are checked against `params` before the handler sees them, as domain values. */
export interface MethodSpec<N extends string, S extends readonly z.ZodType[], R> extends MethodTouches {
  name: N
  /** The positional params' schemas (wire values in, domain values out); trailing optional ones may be left out. */
  params: S
  result: WireType<R>
  /**
   * Runs on the params as they came, before any is checked or converted: a list whose size costs work is
   * refused here, for what parsing the JSON cost.
   */
  countFirst?: (params: readonly unknown[], ctx: MethodContext) => void
  handler: (params: ParamsOutput<S>, ctx: MethodContext) => Answer<NoInfer<R>>
}

/**
 * A declaration whose handler checks its params itself, as they came (a subscription refuses a connection it
 * cannot notify before looking at them); `params` describes them for types and docs.
 */
export interface OwnParsingSpec<N extends string, S extends readonly z.ZodType[], R> extends MethodTouches {
  name: N
  params: S
  result: WireType<R>
  parsesOwnParams: true
  handler: (params: unknown[], ctx: MethodContext) => Answer<NoInfer<R>>
}

/** A declared method: what it is, and the handler the method table serves it with. */
export interface Method<N extends string = string, S extends readonly z.ZodType[] = readonly z.ZodType[], R = unknown> extends Readonly<MethodTouches> {
  readonly name: N
  readonly params: S
  readonly result: WireType<R>
  /** Whether the handler checks its params itself (else `handle` checks them against `params` first). */
  readonly parsesOwnParams: boolean
  /** Wire params in, the answer out; errors name the method as the table serves it (`ctx.method`). */
  readonly handle: MethodHandler
}

/** Any declared method, whatever its name, params and answer. */
export type AnyMethod = Method<string, readonly z.ZodType[], unknown>

/**
 * Declares a method.
 * @example
 * export const eth_getBalance = defineMethod({
 *   name: 'eth_getBalance',
 *   description: "An account's balance in wei at a block (latest when omitted).",
 *   params: [address, blockTagOrHash.optional()],
 *   result: returns<Quantity>(),
 *   reads: { block: { param: 1, kind: 'reference' }, state: true },
 *   lagged: true,
 *   fork: 'forwarded',
 *   cost: { infura: 80, alchemy: 20 },
 *   handler: async ([account, ref], { node }) => toQuantity(await node.execution.stateAt(await resolveStateBlock(node, ref ?? 'latest')).getBalance(account)),
 * })
 */
export function defineMethod<const N extends string, const S extends readonly z.ZodType[], R>(spec: OwnParsingSpec<N, S, R>): Method<N, S, R>
export function defineMethod<const N extends string, const S extends readonly z.ZodType[], R>(spec: MethodSpec<N, S, R>): Method<N, S, R>
export function defineMethod(spec: MethodSpec<string, readonly z.ZodType[], unknown> | OwnParsingSpec<string, readonly z.ZodType[], unknown>): AnyMethod {
  if ('parsesOwnParams' in spec) {
    const { handler, ...declared } = spec
    return { ...declared, handle: onlyWhereAnswered(declared, pointingAtArguments(declared, handler as MethodHandler)) }
  }
  const { handler, countFirst, ...declared } = spec
  const schemas = declared.params
  const run = handler as (params: unknown, ctx: MethodContext) => unknown
  const handle: MethodHandler = countFirst
    ? (params, ctx) => {
        countFirst(params, ctx)
        return run(parseParams(ctx.method, schemas, params), ctx)
      }
    : (params, ctx) => run(parseParams(ctx.method, schemas, params), ctx)
  return { ...declared, parsesOwnParams: false, handle: onlyWhereAnswered(declared, pointingAtArguments(declared, handle)) }
}

/**
 * A method that declares `faultyArgument` maps its domain errors with it, where its declaration is known; the
 * dispatcher maps the rest. Other methods' handlers are called as they are, with no promise around them.
 */
function pointingAtArguments(touches: MethodTouches, handle: MethodHandler): MethodHandler {
  const { faultyArgument } = touches
  if (faultyArgument === undefined) return handle
  const refuse = (error: unknown): never => {
    throw fromDomainError(error, faultyArgument)
  }
  return (params, ctx) => {
    try {
      const answer = handle(params, ctx)
      return answer instanceof Promise ? answer.catch(refuse) : answer
    } catch (error) {
      return refuse(error)
    }
  }
}

/** A `webSocketOnly` method's handler refuses any other transport first. */
function onlyWhereAnswered(touches: MethodTouches, handle: MethodHandler): MethodHandler {
  if (!touches.webSocketOnly) return handle
  return (params, ctx) => {
    if (!ctx.rpc.connection) throw new MethodNotFoundError(`notifications not supported: ${ctx.method} needs a WebSocket connection`)
    return handle(params, ctx)
  }
}

/** `anvil_x` → `hardhat_x`. */
export type HardhatName<N extends string> = N extends `anvil_${infer Rest}` ? `hardhat_${Rest}` : never

/** How a Hardhat name answers: as its Anvil twin, `true` where Anvil answers null, or whether one was found. */
export type HardhatAnswer = 'same' | 'true' | 'whetherFound'

/**
 * Hardhat's name for an Anvil method, where Hardhat has one: the same method (params, what it touches), answering
 * as Anvil does (`same`), `true` where Anvil answers null (`true`), or whether there was one where Anvil answers
 * the hash (`whetherFound`).
 */
export function hardhatTwin<N extends `anvil_${string}`, S extends readonly z.ZodType[], R>(twin: Method<N, S, R>, answer: 'same'): Method<HardhatName<N>, S, R>
export function hardhatTwin<N extends `anvil_${string}`, S extends readonly z.ZodType[], R>(
  twin: Method<N, S, R>,
  answer: 'true',
): Method<HardhatName<N>, S, true>
export function hardhatTwin<N extends `anvil_${string}`, S extends readonly z.ZodType[], R>(
  twin: Method<N, S, R>,
  answer: 'whetherFound',
): Method<HardhatName<N>, S, boolean>
export function hardhatTwin(twin: AnyMethod, answer: HardhatAnswer): AnyMethod {
  return answeringAs(twin, `hardhat_${twin.name.slice('anvil_'.length)}`, `Hardhat's name for ${twin.name}`, answer, 'answers as Anvil does')
}

/** How another name of a method answers: as the method does, `null` or `true` in its place. */
export type TwinAnswer = 'same' | 'null' | 'true'

/**
 * Another client's name for a method (Anvil's `anvil_increaseTime` for `evm_increaseTime`, Tenderly's
 * `tenderly_setBalance` for `anvil_setBalance`): the same method (params, what it touches) served under `name`,
 * answering as it does (`same`), or `null` or `true` where that client answers so.
 */
export function twinOf<N extends string, S extends readonly z.ZodType[], R>(twin: Method<string, S, R>, name: N, answer: 'same'): Method<N, S, R>
export function twinOf<N extends string, S extends readonly z.ZodType[], R>(twin: Method<string, S, R>, name: N, answer: 'null'): Method<N, S, null>
export function twinOf<N extends string, S extends readonly z.ZodType[], R>(twin: Method<string, S, R>, name: N, answer: 'true'): Method<N, S, true>
export function twinOf(twin: AnyMethod, name: string, answer: TwinAnswer): AnyMethod {
  return answeringAs(twin, name, `Another name for ${twin.name}`, answer, 'answers as it does')
}

function answeringAs(twin: AnyMethod, name: string, whatItIs: string, answer: HardhatAnswer | TwinAnswer, sameSays: string): AnyMethod {
  const { handle } = twin
  const answering: Record<HardhatAnswer | 'null', { handle: MethodHandler; says: string }> = {
    same: { handle, says: sameSays },
    true: {
      handle: async (params, ctx) => {
        await handle(params, ctx)
        return true
      },
      says: 'answers `true`',
    },
    null: {
      handle: async (params, ctx) => {
        await handle(params, ctx)
        return null
      },
      says: 'answers `null`',
    },
    whetherFound: { handle: async (params, ctx) => (await handle(params, ctx)) !== null, says: 'answers whether there was one' },
  }
  const { handle: twinHandle, says } = answering[answer]
  return { ...twin, name, description: `${whatItIs}; ${says}.`, handle: twinHandle, recorded: recordedUnchecked(twin.recorded) }
}

/** A played recording checks the answers of a method's own name only (anvil_snapshot's ids are not expected). */
function recordedUnchecked(recorded: MethodRecording | undefined): MethodRecording | undefined {
  if (recorded?.as !== 'sent' || !recorded.answerChecked) return recorded
  const { answerChecked: _checked, ...unchecked } = recorded
  return unchecked
}
