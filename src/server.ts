import { readFileSync } from 'node:fs'
import type { ChainsimConfig, NetworkConfig } from './config/schema.ts'
import { BackgroundTraffic } from './mining/backgroundTraffic.ts'
import { ChainNode } from './node.ts'
import type { NodeOptions } from './node.ts'
import { createDispatcher } from './rpc/dispatcher.ts'
import { createMethodTable } from './rpc/methodTable.ts'
import { startNetworkServer } from './transports/networkServer.ts'
import type { NetworkServer } from './transports/networkServer.ts'
import { clientVersion } from './version.ts'

/** One served network. */
export interface RunningNetwork {
  name: string
  chainId: bigint
  node: ChainNode
  server: NetworkServer
  /** Where to send JSON-RPC: `<httpUrl>/v3/<API_KEY>`. */
  httpUrl: string
  wsUrl: string
}

export interface RunningServer {
  networks: RunningNetwork[]
  close(): Promise<void>
}

export interface StartServerOptions {
  /** Overrides each network's port: the first network gets `port`, the next port + 1... */
  port?: number
  /** Builds a network's node; the default creates a fresh dev chain from the config. */
  createNode?: (network: NetworkConfig) => Promise<ChainNode>
}

/** Node options for a configured network. */
export function nodeOptionsFor(network: NetworkConfig): NodeOptions {
  return {
    name: network.name,
    chainId: BigInt(network.chainId),
    mining: network.mining.auto === true ? { auto: true } : { auto: false, intervalMs: 'intervalMs' in network.mining ? network.mining.intervalMs : undefined },
    finality: { safeDepth: BigInt(network.finality.safeDepth), finalizedDepth: BigInt(network.finality.finalizedDepth) },
    filterTimeoutMs: network.filterTimeoutMs,
  }
}

/** Starts every configured network, each on its own port, with one node and one dispatcher each. */
export async function startServer(config: ChainsimConfig, options: StartServerOptions = {}): Promise<RunningServer> {
  const networks: RunningNetwork[] = []
  const traffic: BackgroundTraffic[] = []
  const tls = config.tls
    ? { cert: readFileSync(config.tls.cert, 'utf8'), key: readFileSync(config.tls.key, 'utf8') }
    : undefined
  const close = async () => {
    for (const t of traffic) t.stop()
    await Promise.all(networks.map(async (n) => {
      await n.server.close()
      await n.node.close()
    }))
  }
  try {
    for (const [index, network] of config.networks.entries()) {
      const node = options.createNode ? await options.createNode(network) : await ChainNode.create(nodeOptionsFor(network))
      const dispatcher = createDispatcher(
        createMethodTable({ node, limits: network.limits, clientVersion }),
        { logger: { error: (obj, msg) => console.error(`[${network.name}] ${msg ?? 'error'}`, obj) } },
      )
      const port = options.port !== undefined ? options.port + (options.port === 0 ? 0 : index) : network.port ?? 8545 + index
      const server = await startNetworkServer({
        host: config.host,
        port,
        dispatcher,
        apiKeys: config.apiKeys,
        tls,
        logRequests: config.logRequests,
      }).catch(async (error) => {
        await node.close()
        throw error
      })
      networks.push({ name: network.name, chainId: node.chainId, node, server, httpUrl: server.httpUrl, wsUrl: server.wsUrl })
      if (network.backgroundTraffic && 'intervalMs' in network.mining) {
        const t = new BackgroundTraffic(node, network.mining.intervalMs, (e) => console.error(`[${network.name}] background traffic:`, e))
        await t.start()
        traffic.push(t)
      }
    }
  } catch (error) {
    await close()
    throw error
  }
  return { networks, close }
}
