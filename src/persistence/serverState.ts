import type { NetworkConfig } from '../config/schema.ts'
import type { ChainNode } from '../node.ts'
import { captureNetworkState, restoreNetwork } from './networkState.ts'
import { readStateFile, STATE_FORMAT, STATE_VERSION, StateFileError, writeStateFile } from './stateFile.ts'
import type { StateFile } from './stateFile.ts'
import type { NodeOptions } from '../nodeOptions.ts'

/**
 * A server's state file (`--state FILE`): networks are restored from it at start when it exists,
 * and it is rewritten atomically on shutdown and on sim_saveState. A file that is corrupt, of
 * another format, or of other networks (another chain id under the same name) is refused, and is
 * never overwritten: the server does not start.
 */
export class ServerStateFile {
  private constructor(
    readonly path: string,
    private readonly saved: StateFile | undefined,
  ) {}

  static async open(path: string, networks: readonly NetworkConfig[]): Promise<ServerStateFile> {
    const saved = await readStateFile(path)
    for (const network of saved?.networks ?? []) {
      const configured = networks.find((n) => n.name === network.name)
      if (!configured) {
        throw new StateFileError(`state file ${path} holds network ${network.name}, which is not configured; it is left as it is`)
      }
      if (String(configured.chainId) !== network.chainId) {
        throw new StateFileError(
          `state file ${path} holds network ${network.name} with chain id ${network.chainId}, but it is configured with ${configured.chainId}; it is left as it is`,
        )
      }
    }
    return new ServerStateFile(path, saved)
  }

  /** The saved node of a network, rebuilt, or undefined when the file has none for it. */
  async restore(network: NetworkConfig, options: NodeOptions): Promise<ChainNode | undefined> {
    const state = this.saved?.networks.find((n) => n.name === network.name)
    return state ? restoreNetwork(state, options, this.path) : undefined
  }

  async save(nodes: readonly ChainNode[]): Promise<{ path: string; savedAt: string }> {
    const savedAt = new Date().toISOString()
    const networks = await Promise.all(nodes.map(captureNetworkState))
    await writeStateFile(this.path, { format: STATE_FORMAT, version: STATE_VERSION, savedAt, networks })
    return { path: this.path, savedAt }
  }
}
