import { parseConfig } from '../../src/config/loadConfig.ts'
import type { ChainsimConfigInput } from '../../src/config/schema.ts'
import { ChainNode } from '../../src/node.ts'
import { nodeOptionsFor } from '../../src/network.ts'
import { startServer, type RunningServer } from '../../src/server.ts'

type NetworkInput = ChainsimConfigInput['networks'][number]

/** One network of a {@link ClockedServer}: its node (to watch filter and subscription counts) and URLs. */
export interface ClockedNetwork {
  node: ChainNode
  url: string
  wsUrl: string
}

/** A real chainsim server whose filters expire on a clock the test moves. */
export interface ClockedServer {
  server: RunningServer
  networks: Record<string, ClockedNetwork>
  /** Moves the filter-expiry clock forward by `ms`. */
  advance(ms: number): void
  close(): Promise<void>
}

/**
 * Starts a real server on ephemeral ports whose nodes are built by the test (`createNode`) with an
 * injected filter clock that stands still until {@link ClockedServer.advance} moves it.
 */
export async function startClockedServer(...networks: Array<Partial<NetworkInput> & { name: string }>): Promise<ClockedServer> {
  let now = 0
  const server = await startServer(parseConfig({ networks: networks.map((n) => ({ chainId: 31337, port: 0, ...n })) }), {
    port: 0,
    createNode: (network) => ChainNode.create({ ...nodeOptionsFor(network), filterClock: () => now }),
  })
  const served = Object.fromEntries(
    server.networks.map((n) => [n.name, { node: n.node, url: `${n.httpUrl}/v3/test`, wsUrl: `${n.wsUrl}/ws/v3/test` }]),
  )
  return {
    server,
    networks: served,
    advance: (ms) => {
      now += ms
    },
    close: () => server.close(),
  }
}
