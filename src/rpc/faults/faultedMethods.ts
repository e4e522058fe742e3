import type { PricedProvider } from '../providers/pricedProviders.ts'

/**
 * What the fault injector knows of the methods it stands in front of, read from their declarations by whoever
 * makes it (src/rpc/registry.ts's `FAULTED_METHODS`): the injector imports no registry, so that the method
 * context can name it without the declarations depending on themselves.
 */
export interface FaultedMethods {
  /** chainsim's own control methods (declared `control`): never rate limited, lagged or partially failed. */
  readonly control: ReadonlySet<string>
  /** The methods a lagging replica answers from its older head (declared `lagged`): a `lag` fault's default set. */
  readonly lagged: ReadonlySet<string>
  /** What one request of `method` costs in `provider`'s throughput pricing, where the declaration names a price. */
  priceOf(method: string, provider: PricedProvider): number | undefined
}
