import type { Address, Hash, Hex } from 'viem'
import { z } from 'zod'
import type { BlockSelector, BlockTag } from '../chain/types.ts'
import { InvalidParamsError } from '../errors.ts'

/**
 * zod schemas for RPC params: they take wire values (0x-hex strings, tags, objects) and give bigint and
 * Uint8Array, with messages in geth's words that say what was wrong. Domain types stay out of this file.
 * Each schema's input type is its wire type (`0x${string}` where hex is asked): `ChainsimRpcSchema` gives
 * users those types.
 */

/** A block reference as the wire has it: a tag, a number, a hash, or an EIP-1898 object. */
export type WireBlockReference = BlockTag | Hex | { blockHash: Hash; requireCanonical?: boolean } | { blockNumber: BlockTag | Hex }

/** An EIP-1898 block reference by hash. */
export type BlockHashRef = { blockHash: Uint8Array; requireCanonical: boolean }

/** A block tag, a block number or a block hash (EIP-1898). */
export type BlockSelectorOrHash = BlockSelector | BlockHashRef

// What each tag means is the chain's business (src/chain/tags.ts); this file only recognises them.
const BLOCK_TAGS: ReadonlySet<string> = new Set<BlockTag>(['latest', 'earliest', 'pending', 'safe', 'finalized'])
const HEX_DIGITS = /^[0-9a-fA-F]*$/
const MAX_QUANTITY_DIGITS = 64
const UINT64_LIMIT = 2n ** 64n
const HASH = { bytes: 32, name: 'hash' }
const ADDRESS = { bytes: 20, name: 'address' }

type Decoded<T> = { value: T } | { problem: string }

/** Splits off the 0x prefix and checks the digits; the problem text is geth's where geth has one. */
function hexDigits(input: string): Decoded<string> {
  if (!input.startsWith('0x')) return { problem: 'hex string without 0x prefix' }
  const digits = input.slice(2)
  if (!HEX_DIGITS.test(digits)) return { problem: 'invalid hex string' }
  return { value: digits }
}

function decodeQuantity(input: string): Decoded<bigint> {
  const digits = hexDigits(input)
  if ('problem' in digits) return digits
  const hex = digits.value
  if (hex.length === 0) return { problem: 'empty hex number "0x"' }
  if (hex.length > 1 && hex.startsWith('0')) return { problem: 'hex number with leading zero digits' }
  if (hex.length > MAX_QUANTITY_DIGITS) return { problem: 'hex number > 256 bits' }
  return { value: BigInt(`0x${hex}`) }
}

/** Decodes 0x-hex bytes; `fixed` demands an exact length, named in the message. */
function decodeBytes(input: string, fixed?: { bytes: number; name: string }): Decoded<Uint8Array> {
  const digits = hexDigits(input)
  if ('problem' in digits) return digits
  const hex = digits.value
  if (fixed !== undefined && hex.length !== fixed.bytes * 2) {
    return { problem: `hex string has length ${hex.length}, want ${fixed.bytes * 2} for ${fixed.name}` }
  }
  if (hex.length % 2 !== 0) return { problem: 'hex string has odd length' }
  return { value: new Uint8Array(Buffer.from(hex, 'hex')) }
}

/** A string schema whose value is decoded by `decode`; a non-string gets `expected`. `I` is its wire type. */
function decodedString<T, I extends string = string>(expected: string, decode: (input: string) => Decoded<T>): z.ZodType<T, I> {
  const schema = z.string({ error: expected }).transform((input, ctx) => {
    const decoded = decode(input)
    if ('problem' in decoded) {
      ctx.addIssue(decoded.problem)
      return z.NEVER
    }
    return decoded.value
  })
  // Any string is read; the wire type says which strings are meant.
  return schema as unknown as z.ZodType<T, I>
}

/** A quantity: 0x-hex, no leading zeros (except 0x0), at most 256 bits → bigint. */
export const quantity = decodedString<bigint, Hex>('expected 0x-prefixed hex number', decodeQuantity)

/** A quantity that fits in 64 bits (gas, nonces), as geth's hexutil.Uint64 → bigint. */
export const uint64 = decodedString<bigint, Hex>('expected 0x-prefixed hex number', (input) => {
  const decoded = decodeQuantity(input)
  return 'value' in decoded && decoded.value >= UINT64_LIMIT ? { problem: 'hex number > 64 bits' } : decoded
})

/** A 32-byte hash: 0x + 64 hex digits, either case → Uint8Array. */
export const hash32 = decodedString<Uint8Array, Hash>('expected 0x-prefixed 32-byte hash', (input) => decodeBytes(input, HASH))

/** An address: 0x + 40 hex digits, either case (no checksum check, as geth) → Uint8Array. */
export const address = decodedString<Uint8Array, Address>('expected 0x-prefixed address', (input) => decodeBytes(input, ADDRESS))

/** Byte data: 0x + an even number of hex digits → Uint8Array. */
export const data = decodedString<Uint8Array, Hex>('expected 0x-prefixed hex data', (input) => decodeBytes(input))

/** A boolean, with a message that says so. */
export const boolean = z.boolean({ error: 'expected boolean' })

function decodeBlockTag(input: string): Decoded<BlockSelector> {
  if (BLOCK_TAGS.has(input)) return { value: input as BlockTag }
  if (!input.startsWith('0x')) return { problem: 'invalid block tag: want a block number or one of latest, earliest, pending, safe, finalized' }
  return decodeQuantity(input)
}

/** `latest`, `earliest`, `pending`, `safe`, `finalized` or a block number (bigint). */
export const blockTag = decodedString<BlockSelector, BlockTag | Hex>('expected block tag or 0x-prefixed block number', decodeBlockTag)

// A 66-character string is a block hash, anything else a tag or number: geth's rule for BlockNumberOrHash.
const blockTagOrHashString = decodedString<BlockSelectorOrHash>('expected block tag, block number or block hash', (input) => {
  if (input.length !== 2 + HASH.bytes * 2) return decodeBlockTag(input)
  const hash = decodeBytes(input, HASH)
  return 'problem' in hash ? hash : { value: { blockHash: hash.value, requireCanonical: false } }
})

const blockTagOrHashObject = z
  .object(
    { blockHash: hash32.optional(), blockNumber: blockTag.optional(), requireCanonical: boolean.optional() },
    {
      error: 'expected block tag, block number or block hash',
    },
  )
  .transform((ref, ctx): BlockSelectorOrHash => {
    if (ref.blockHash !== undefined && ref.blockNumber !== undefined) {
      ctx.addIssue('cannot specify both blockHash and blockNumber, choose one or the other')
      return z.NEVER
    }
    if (ref.blockHash !== undefined) return { blockHash: ref.blockHash, requireCanonical: ref.requireCanonical ?? false }
    if (ref.blockNumber !== undefined) return ref.blockNumber
    ctx.addIssue('missing blockHash or blockNumber')
    return z.NEVER
  })

/** A block tag, a number, a hash, or an EIP-1898 object `{blockHash, requireCanonical?}` / `{blockNumber}`. */
export const blockTagOrHash = z.unknown().transform((input, ctx): BlockSelectorOrHash => {
  // Picking the branch by JSON type (rather than z.union) keeps the branch's own message.
  const branch = typeof input === 'object' && input !== null ? blockTagOrHashObject : blockTagOrHashString
  const parsed = branch.safeParse(input)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  return z.NEVER
}) as unknown as z.ZodType<BlockSelectorOrHash, WireBlockReference>

/** The outputs of a tuple of schemas. */
export type ParamsOutput<S extends readonly z.ZodType[]> = { -readonly [K in keyof S]: z.output<S[K]> }

/**
 * Validates positional params against a tuple of schemas; trailing params whose schema accepts
 * `undefined` (`.optional()`) may be left out. Throws InvalidParamsError naming the argument.
 * @example const [hash] = parseParams('eth_getTransactionByHash', [hash32], params)
 */
export function parseParams<const S extends readonly z.ZodType[]>(method: string, schemas: S, params: readonly unknown[]): ParamsOutput<S> {
  if (params.length > schemas.length) {
    throw new InvalidParamsError(`too many arguments for ${method}, want at most ${schemas.length}`)
  }
  return schemas.map((schema, index) => {
    const parsed = schema.safeParse(params[index])
    if (parsed.success) return parsed.data
    if (index >= params.length) throw new InvalidParamsError(`missing value for required argument ${index} of ${method}`)
    throw new InvalidParamsError(`invalid argument ${index}: ${describeIssue(parsed.error.issues[0])}`)
  }) as ParamsOutput<S>
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (issue === undefined) return 'invalid value'
  const path = issue.path.map(String).join('.')
  return path === '' ? issue.message : `${path}: ${issue.message}`
}

/** A subscription's id, as eth_subscribe and sim_subscribe gave it. */
export const subscriptionId = z.string({ error: 'expected subscription id string' })
