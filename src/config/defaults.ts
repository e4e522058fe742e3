import type { z } from 'zod'
import type { ChainsimConfigInput, networkConfig } from './schema.ts'

/** The networks served when a config names none: `dev` and `dev-interval` (docs/guides/dev-chain.md). */
export const DEFAULT_NETWORKS: Array<z.input<typeof networkConfig>> = [
  { name: 'dev', chainId: 31337, port: 8545, mining: { auto: true } },
  { name: 'dev-interval', chainId: 31338, port: 8546, mining: { auto: false, intervalMs: 2000 }, backgroundTraffic: true },
]

/**
 * The embedded default (docs/guides/dev-chain.md): `dev` mines a block per transaction, as Anvil does;
 * `dev-interval` mines every 2 s with background ERC-20 traffic, so logs and filter changes
 * flow with no client action.
 */
export const DEFAULT_CONFIG: ChainsimConfigInput = {
  host: '127.0.0.1',
  apiKeys: [],
  networks: DEFAULT_NETWORKS,
}
