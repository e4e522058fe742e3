import { z } from 'zod'
import { StateFileError } from './errors.ts'

/** What identifies a chainsim state file, so a foreign JSON file is refused rather than misread. */
export const STATE_FORMAT = 'chainsim-state'
export const STATE_VERSION = 1

const hex = z.string().regex(/^0x([0-9a-f]{2})*$/, 'expected 0x-prefixed even-length lower-case hex')
const decimal = z.string().regex(/^\d+$/, 'expected a decimal integer string')

/** A change set directly on an account (anvil_setBalance...), in the file's terms. */
const accountEdit = z
  .object({
    address: hex,
    balance: decimal.optional(),
    nonce: decimal.optional(),
    code: hex.optional(),
    storage: z.array(z.tuple([hex, hex])).optional(),
  })
  .strict()

/** A transaction's place (in a block, or in the pool) and the impersonated account that sent it. */
const impersonatedSender = z.tuple([z.number().int().nonnegative(), hex])

/** One network's saved chain: enough to rebuild it block by block. */
const networkState = z
  .object({
    name: z.string().min(1),
    chainId: decimal,
    /** geth-format genesis (what `chainsim serve --genesis` reads). */
    genesis: z.record(z.string(), z.unknown()),
    /** Every block after genesis, canonical and side branches, parents before children. */
    blocks: z.array(hex),
    /** Hash of the canonical head. */
    head: hex,
    finality: z.object({ safeDepth: decimal, finalizedDepth: decimal, safeAtLeast: decimal.optional(), finalizedAtLeast: decimal.optional() }).strict(),
    /** Raw pooled transactions, in arrival order (blob transactions with their sidecars). */
    pool: z.array(hex),
    /**
     * The blob transactions of `blocks` with their sidecars (blocks hold only the blobs'
     * hashes), so that a reorg after a restore can pool them again.
     */
    blobTransactions: z.array(hex).optional(),
    clock: z
      .object({
        mode: z.union([
          z.object({ kind: z.literal('wall') }).strict(),
          z.object({ kind: z.literal('fixed'), genesisTime: decimal, blockTime: decimal }).strict(),
        ]),
        offset: z.string().regex(/^-?\d+$/),
        nextTimestamp: decimal.optional(),
        /** Seconds between blocks (anvil_setBlockTimestampInterval). */
        interval: decimal.optional(),
      })
      .strict(),
    /** The keys the network signs for (dev accounts). */
    accounts: z.array(hex),
    /**
     * State set directly on a block's parent before the block was built on it, by block hash: in no
     * transaction, so it is applied before that block is executed again.
     */
    stateEdits: z.record(hex, z.array(accountEdit)).optional(),
    /** State set directly on the head and not yet in any block. */
    headEdits: z.array(accountEdit).optional(),
    /**
     * The senders of transactions sent unsigned as impersonated accounts (anvil_impersonateAccount), whose
     * bypass signatures recover no one (and are alike for two senders of the same fields): by block hash, each
     * one's index in the block and sender; in `pool`, each one's place and sender.
     */
    impersonated: z
      .object({ blocks: z.record(hex, z.array(impersonatedSender)).optional(), pool: z.array(impersonatedSender).optional() })
      .strict()
      .optional(),
  })
  .strict()

export const stateFileSchema = z
  .object({
    format: z.literal(STATE_FORMAT),
    version: z.literal(STATE_VERSION),
    savedAt: z.string(),
    networks: z.array(networkState).min(1),
  })
  .strict()

export type StateFile = z.output<typeof stateFileSchema>
export type NetworkState = z.output<typeof networkState>
export type AccountEdit = z.output<typeof accountEdit>

/**
 * Parses and validates the text of a state file (`subject` and `name` say what it is in messages): its
 * format and version first, so a foreign or newer file is named as such rather than as invalid.
 */
export function parseStateFile(text: string, names: { subject: string; name: string }): StateFile {
  return stateFileOf(parseJson(text, names.subject), names)
}

/** The JSON of a state file or dump; `subject` says what it is in the refusal. */
export function parseJson(text: string, subject: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new StateFileError(`${subject} is not valid JSON (truncated or corrupt)`)
  }
}

/** Validates parsed JSON as `parseStateFile` does. */
export function stateFileOf(json: unknown, { subject, name }: { subject: string; name: string }): StateFile {
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== STATE_FORMAT) {
    throw new StateFileError(`${name} is not a chainsim state file (no "format": "${STATE_FORMAT}")`)
  }
  if ((json as { version?: unknown }).version !== STATE_VERSION) {
    throw new StateFileError(`${subject} has version ${String((json as { version?: unknown }).version)}; this chainsim reads version ${STATE_VERSION}`)
  }
  const parsed = stateFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new StateFileError(`${subject} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }
  return parsed.data
}
