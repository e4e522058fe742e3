import type { RpcError } from '../../errors.ts'
import type { ThroughputShape } from '../providers/providerShape.ts'
import type { FaultedMethods } from './faultedMethods.ts'

/**
 * A provider's throughput limit: a bucket of compute units (Alchemy) or credits (Infura) that refills at
 * `unitsPerSecond` and holds `burstSeconds` of them; each request costs its method's units, and one that does
 * not fit is refused with the provider's 429 and costs nothing (Infura: "429 errors are not charged").
 */
export class ThroughputBucket {
  private readonly capacity: number
  private units: number
  private updatedAt: number

  constructor(
    private readonly shape: ThroughputShape,
    private readonly unitsPerSecond: number,
    burstSeconds: number,
    private readonly now: () => number,
    private readonly priceOf: FaultedMethods['priceOf'],
  ) {
    this.capacity = unitsPerSecond * burstSeconds
    this.units = this.capacity
    this.updatedAt = now()
  }

  /** Takes the units `method` costs: undefined when granted, else the error to answer with. */
  take(method: string): RpcError | undefined {
    const at = this.now()
    this.units = Math.min(this.capacity, this.units + ((at - this.updatedAt) * this.unitsPerSecond) / 1000)
    this.updatedAt = at
    const cost = this.priceOf(method, this.shape.priced) ?? this.shape.defaultUnits
    if (cost > this.units) return this.shape.refusal()
    this.units -= cost
    return undefined
  }
}
