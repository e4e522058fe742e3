import type { Address, Hex, Quantity } from 'viem'
import type { ForkConfig } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData, toQuantity } from '../formatters/hex.ts'

/** One fork's rules on the wire, as geth answers eth_config. */
export interface RpcForkConfig {
  activationTime: number
  blobSchedule: { baseFeeUpdateFraction: number; max: number; target: number } | null
  chainId: Quantity
  forkId: Hex
  precompiles: Record<string, Address>
  systemContracts: Record<string, Address>
}

/** eth_config's answer (EIP-7910): the rules in force and the next and last scheduled forks' (null when none). */
export interface RpcEthConfig {
  current: RpcForkConfig
  next: RpcForkConfig | null
  last: RpcForkConfig | null
}

/**
 * eth_config (EIP-7910): the rules the next block is built under, as geth describes them: activation time, blob
 * schedule, chain id, EIP-2124 fork id, precompiles and system contracts by name; `next` and `last` are the
 * scheduled forks after it (null on a chain that runs one fork, as a dev chain does).
 */
export const eth_config = defineMethod({
  name: 'eth_config',
  description: 'The rules the next block runs under (EIP-7910): blob schedule, fork id, precompiles, system contracts; the next and last scheduled forks.',
  params: [],
  result: returns<RpcEthConfig>(),
  handler: (_params, { node }) => {
    const { current, next, last } = node.forkConfigs
    return { current: toRpcForkConfig(current), next: next ? toRpcForkConfig(next) : null, last: last ? toRpcForkConfig(last) : null }
  },
})

function toRpcForkConfig(config: ForkConfig): RpcForkConfig {
  // Sorted by name byte for byte, as geth's JSON writes a map.
  const byName = (entries: ForkConfig['precompiles']) =>
    Object.fromEntries(entries.map(({ name, address }) => [name, toData(address) as Address]).sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1)))
  const { blobSchedule } = config
  return {
    activationTime: Number(config.activationTime),
    blobSchedule: blobSchedule
      ? { baseFeeUpdateFraction: Number(blobSchedule.baseFeeUpdateFraction), max: Number(blobSchedule.max), target: Number(blobSchedule.target) }
      : null,
    chainId: toQuantity(config.chainId),
    forkId: toData(config.forkId),
    precompiles: byName(config.precompiles),
    systemContracts: byName(config.systemContracts),
  }
}
