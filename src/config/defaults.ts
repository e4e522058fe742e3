import { DEFAULT_NETWORKS } from './schema.ts'
import type { ChainsimConfigInput } from './schema.ts'

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
