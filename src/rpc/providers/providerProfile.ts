import { InvalidParamsError, ServerError } from '../../errors.ts'
import type { RpcError } from '../../errors.ts'
import type { BlockRange, LogLimits, LogQueryRefusal } from '../../logs/index.ts'
import { alchemy } from './alchemy.ts'
import { geth, gethWords } from './geth.ts'
import { infura } from './infura.ts'
import { none } from './none.ts'
import type { LimitRefusal, ProviderShape, ResponseTooLarge, ThroughputShape } from './providerShape.ts'
import { quicknode } from './quicknode.ts'

const SHAPES = { infura, alchemy, quicknode, geth, none } as const

/** The providers a network can behave as: `infura` (the default), `alchemy`, `quicknode`, `geth`, `none`. */
export const PROVIDER_NAMES = ['infura', 'alchemy', 'quicknode', 'geth', 'none'] as const satisfies ReadonlyArray<keyof typeof SHAPES>
export type ProviderName = (typeof PROVIDER_NAMES)[number]

/**
 * Quirks of real providers, off unless asked for, that a client must survive: a suggested range equal to the
 * request (a client that retries it as it is loops forever), and one that still exceeds the limit (one block
 * wider than what fits).
 */
export interface Oddities {
  suggestionEqualsRequest: boolean
  suggestionExceedsLimit: boolean
}

/** A limit overridden in the config: a number, or null to remove the provider's cap. */
type Override = number | null | undefined

/** A network's `limits` as the config gives them: a provider, and any of its caps overridden key by key. */
export interface ProfileSettings {
  profile?: ProviderName
  maxLogResults?: Override
  uncappedBlockRange?: Override
  maxBlockRange?: Override
  queryTimeoutMs?: Override
  maxLogParams?: Override
  maxParamsPerPosition?: Override
  maxResponseBytes?: Override
  oddities?: Partial<Oddities>
}

const LIMIT_KEYS = ['maxLogResults', 'uncappedBlockRange', 'maxBlockRange', 'queryTimeoutMs', 'maxLogParams', 'maxParamsPerPosition'] as const

/**
 * What a network answers eth_getLogs with: its provider's limits with the config's overrides, and the words
 * the provider refuses with. Range problems (a reversed range, an end past the head, an unknown block hash) are
 * worded as geth words them, whatever the provider.
 */
export class ProviderProfile {
  constructor(
    readonly name: ProviderName,
    readonly logLimits: LogLimits,
    readonly maxResponseBytes: number | undefined,
    readonly oddities: Oddities,
    private readonly shape: ProviderShape,
  ) {}

  /** The provider's throughput pricing (compute units or credits), if it has one. */
  get throughput(): ThroughputShape | undefined {
    return this.shape.throughput
  }

  /** The wire error of a refused log query, in this provider's words. */
  refusalError(refusal: LogQueryRefusal | ResponseTooLarge): RpcError {
    switch (refusal.status) {
      case 'unknownBlock':
        return new ServerError('unknown block')
      case 'invalidRange':
        return new InvalidParamsError('invalid block range params')
      case 'beyondHead':
        return new InvalidParamsError('block range extends beyond current head block')
      case 'tooManyParameters':
        return (this.shape.words.tooManyParameters ?? gethWords.tooManyParameters)(refusal, { limits: this.logLimits })
      default:
        return this.wordRanged(refusal)
    }
  }

  private wordRanged(refusal: Exclude<LimitRefusal, { status: 'tooManyParameters' }>): RpcError {
    const context = { limits: this.logLimits, suggestion: this.suggestion(refusal) }
    const words = this.shape.words
    switch (refusal.status) {
      case 'rangeTooWide':
        return (words.rangeTooWide ?? gethWords.rangeTooWide)(refusal, context)
      case 'tooManyResults':
        return (words.tooManyResults ?? gethWords.tooManyResults)(refusal, context)
      case 'responseTooLarge':
        return (words.responseTooLarge ?? gethWords.responseTooLarge)(refusal, context)
      case 'timeout':
        return (words.timeout ?? gethWords.timeout)(refusal, context)
    }
  }

  /**
   * The range the refusal's words suggest: the widest that fits (results, size), the first `limit` blocks
   * (range cap), the first half (timeout); then the oddities, when switched on.
   */
  private suggestion(refusal: Exclude<LimitRefusal, { status: 'tooManyParameters' }>): BlockRange {
    const { requested } = refusal
    if (this.oddities.suggestionEqualsRequest) return requested
    const fits = fittingRange(refusal)
    if (!this.oddities.suggestionExceedsLimit) return fits
    const to = fits.to + 1n
    return { from: fits.from, to: to > requested.to ? requested.to : to }
  }
}

function fittingRange(refusal: Exclude<LimitRefusal, { status: 'tooManyParameters' }>): BlockRange {
  const { from, to } = refusal.requested
  switch (refusal.status) {
    case 'tooManyResults':
    case 'responseTooLarge':
      return refusal.suggestedRange ?? { from, to: from }
    case 'rangeTooWide':
      return { from, to: from + BigInt(refusal.limit) }
    case 'timeout':
      return { from, to: from + (to - from) / 2n }
  }
}

/** A network's profile from its config: the provider's caps, each replaced by the config's when it gives one. */
export function resolveProfile(settings: ProfileSettings = {}): ProviderProfile {
  const name = settings.profile ?? 'infura'
  const shape: ProviderShape = SHAPES[name]
  const logLimits: LogLimits = {}
  for (const key of LIMIT_KEYS) {
    const value = settings[key] === undefined ? shape.limits[key] : (settings[key] ?? undefined)
    if (value !== undefined) logLimits[key] = value
  }
  const maxResponseBytes = settings.maxResponseBytes === undefined ? shape.maxResponseBytes : (settings.maxResponseBytes ?? undefined)
  const oddities = { suggestionEqualsRequest: false, suggestionExceedsLimit: false, ...settings.oddities }
  return new ProviderProfile(name, logLimits, maxResponseBytes, oddities, shape)
}

/** Infura's profile, chainsim's default. */
export const DEFAULT_PROFILE = resolveProfile()
