import { Chain, toChainBlock } from '../chain/chain.ts'
import { statesOf } from '../chain/snapshots.ts'
import { addressOf, bytesToHex, ExecutionEngine, parseGethGenesis } from '../evm/index.ts'
import type { Common } from '../evm/index.ts'
import type { NetworkImage } from '../networkImage.ts'
import { ChainNode } from '../node.ts'
import { stateBlocksOf } from '../nodeOptions.ts'
import type { NodeOptions } from '../nodeOptions.ts'
import { StateFileError } from './errors.ts'
import { verifyImage } from './verifyImage.ts'

/**
 * A network saved whole (`image`, its blocks decoded under `common`'s rules) as a served node, without executing
 * anything: the genesis made from its description, the blocks joined to the tree as they were kept (receipts and
 * logs included), the states of the window, of snapshots and of the head put back from their trie nodes, then the
 * pool, clock, mining and the rest. With `verify`, every block is executed again first and must give what was
 * kept (see verifyImage). `source` names the file in errors.
 */
export async function restoreImage(
  image: NetworkImage,
  common: Common,
  options: NodeOptions & { name: string },
  { source, verify }: { source: string; verify: boolean },
): Promise<ChainNode> {
  const fail = (what: string, cause?: unknown): never => {
    throw new StateFileError(`${source}: network ${options.name}: ${what}`, { cause })
  }
  let spec
  try {
    spec = parseGethGenesis(image.genesis).spec
  } catch (error) {
    return fail(`genesis: ${(error as Error).message}`, error)
  }
  if (verify) {
    try {
      await verifyImage(image, common, spec)
    } catch (error) {
      return fail((error as Error).message, error)
    }
  }
  const engine = await ExecutionEngine.create(common, { followForks: true })
  const genesis = toChainBlock(await engine.createGenesis(spec), [])
  const first = image.blocks[0]
  if (first && first.parentKey !== genesis.hashKey) fail(`its genesis is not the one its first block was built on (${first.parentKey})`)
  const byHash = new Map(image.blocks.map((b) => [b.hashKey, b]))
  // Every state someone holds comes back with one holder each, which that holder takes over.
  const heldBlocks = image.held.map(
    (key) => byHash.get(key) ?? (key === genesis.hashKey ? genesis : fail(`a held state's block ${key} is not among its blocks`)),
  )
  const holders = [
    ...heldBlocks.map((b) => b.stateRoot),
    ...image.snapshots.entries.flatMap(([, snapshot]) => statesOf(snapshot)),
    ...(image.headOverride ? [image.headOverride.stateRoot] : []),
  ]
  const incomplete = engine.states.restoreStates(image.states, holders)
  if (incomplete.length > 0) fail(`the state ${bytesToHex(incomplete[0] as Uint8Array)} is not whole in the file`)
  let chain: Chain
  try {
    chain = Chain.restored(engine, genesis, image.finality, stateBlocksOf(options, image.finality), {
      blocks: image.blocks,
      head: image.head,
      held: image.held,
    })
  } catch (error) {
    return fail((error as Error).message, error)
  }
  const accounts = image.accounts.map((privateKey, index) => ({ index, privateKey, address: addressOf(privateKey) }))
  const node = ChainNode.fromChain(chain, { ...options, mining: image.mining }, accounts)
  try {
    await node.restore({ clock: image.clock, pool: image.pool, image })
  } catch (error) {
    await node.close()
    fail(`pool: ${(error as Error).message}`, error)
  }
  return node
}
