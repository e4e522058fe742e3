import fc from 'fast-check'

/*
 * Hostile JSON values for the fuzz suite. Everything generated is JSON-representable (no NaN, no
 * Infinity, no undefined inside arrays), so what reaches the dispatcher in-process could also arrive over
 * a socket. Small numbers stay at most 64: a count or depth of thousands is valid for the mining and reorg
 * methods and would spend the time budget mining blocks rather than probing parameter checks.
 */

const HEX = '0123456789abcdefABCDEF'

/** Hex digits, mixed case, of a length in [min, max]. */
export const hexDigits = (min: number, max: number) => fc.array(fc.constantFrom(...HEX), { minLength: min, maxLength: max }).map((digits) => digits.join(''))

/** Strings that look like hex but are off: odd length, no or upper-case prefix, leading zeros, signs, junk. */
export const oddHex: fc.Arbitrary<string> = fc.oneof(
  hexDigits(0, 80).map((d) => `0x${d}`),
  hexDigits(1, 9).map((d) => `0x${d}`),
  hexDigits(0, 70).map((d) => `0X${d}`),
  hexDigits(1, 66),
  hexDigits(1, 64).map((d) => `0x0${d}`),
  fc.constantFrom('0x', '0x0', '0x00', '0x-1', '-0x1', '0x+1', ' 0x1', '0x1 ', '0x1\n', '0xg', '0x\u0661', '1e400', '0b101', '0o17'),
  fc.tuple(hexDigits(0, 20), fc.string({ minLength: 1, maxLength: 3 }), hexDigits(0, 20)).map(([a, junk, b]) => `0x${a}${junk}${b}`),
)

/** Well-formed hex of the lengths that matter: quantities, addresses, hashes, and one digit off each. */
export const sizedHex: fc.Arbitrary<string> = fc
  .constantFrom(1, 2, 16, 17, 39, 40, 41, 63, 64, 65, 66, 128)
  .chain((length) => hexDigits(length, length))
  .map((d) => `0x${d}`)

/** Small hex quantities (≤ 0x40), minimal, as a valid count or index would be. */
export const smallQuantity: fc.Arbitrary<string> = fc.integer({ min: 0, max: 64 }).map((n) => `0x${n.toString(16)}`)

/** Huge hex quantities: past 64 bits, at and past 256 bits. */
export const hugeQuantity: fc.Arbitrary<string> = fc.oneof(
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 256n - 1n }).map((n) => `0x${n.toString(16)}`),
  fc.constantFrom(`0x${'f'.repeat(16)}`, `0x1${'0'.repeat(16)}`, `0x${'f'.repeat(64)}`, `0x1${'0'.repeat(64)}`, `0x${'f'.repeat(65)}`),
)

/** Numbers: small ones, boundaries (2^31, 2^53, 2^64, 1e308), negatives, fractions, -0. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -3, max: 64 }),
  fc.constantFrom(-1, -0, 0.5, 1.5, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1e21, 1e308, -1e308, Number.MIN_VALUE, -(2 ** 63)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

const TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized', 'Latest', 'LATEST', 'latest ', 'finalised', '']

/** Strings: block tags and near-misses, unicode (lone surrogates too), long strings, prototype names. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TAGS),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'all', 'none', '\u0000', '\uD800', '\u202E0x1', '😀'),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: -5, max: 100_000 }).map(String),
)

/** Any hex-ish or textual string. */
export const stringish: fc.Arbitrary<string> = fc.oneof(oddHex, sizedHex, smallQuantity, hugeQuantity, hostileString)

/** Keys the params objects of chainsim's methods use, plus prototype names and near-misses. */
export const FIELD_NAMES = [
  'from',
  'to',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'value',
  'nonce',
  'data',
  'input',
  'accessList',
  'storageKeys',
  'address',
  'chainId',
  'type',
  'fromBlock',
  'toBlock',
  'topics',
  'blockHash',
  'blockhash',
  'blockNumber',
  'requireCanonical',
  'depth',
  'length',
  'reinclude',
  'drop',
  'add',
  'force',
  '__proto__',
  'constructor',
  'toString',
  'Gas',
  '',
] as const

/** Arrays nested `depth` levels deep around a leaf. */
export function nested(depth: number, leaf: unknown = 0): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** An object built as JSON.parse builds one: `__proto__` becomes an own key, not the prototype. */
export function jsonObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  return object
}

/** A leaf value. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 5, arbitrary: stringish },
)

/**
 * Any hostile JSON value: leaves, small arrays and objects (with method-relevant keys), deep nesting (up
 * to 200 levels) and oversized arrays (up to 5,000 elements).
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileLeaf },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 5 }) },
    {
      weight: 2,
      arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), tie('value')), { maxLength: 6 }).map(jsonObject),
    },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 2, max: 200 }), hostileLeaf).map(([depth, leaf]) => nested(depth, leaf)) },
    // Short leaves only: thousands of 20,000-character strings would test memory, not parameter checks.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 5_000 }), fc.oneof(hostileNumber, smallQuantity, fc.constant(null)))
        .map(([n, leaf]) => Array.from({ length: n }, () => leaf)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  ),
})).value

/** A params member: usually an array of hostile values, sometimes not an array at all, sometimes absent. */
export const hostileParams: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.array(hostileValue, { maxLength: 5 }) },
  { weight: 1, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
)
