import type { ClockState } from '../chain/clock.ts'
import type { StateOverride } from '../chain/headStateOverride.ts'
import type { Snapshot } from '../chain/snapshots.ts'
import { StoredBlock } from '../chain/storedBlock.ts'
import type { FinalityDepths } from '../chain/types.ts'
import {
  asBytes,
  asList,
  asOptional,
  asOptionalUint,
  asUint,
  decodeAccountChange,
  decodeBlock,
  decodeRlp,
  decodeTransaction,
  encodeAccountChange,
  encodeRlp,
  encodeTransaction,
  hexToBytes,
  keyOf,
  optional,
  optionalField,
  optionalUint,
  parseGethGenesis,
  rulesByFork,
  uint,
} from '../evm/index.ts'
import type { Common, RlpItem } from '../evm/index.ts'
import type { MiningMode } from '../mining/miner.ts'
import { applyChange, ImageIndex } from '../networkImage.ts'
import type { BlockParametersImage, NetworkChange, NetworkImage, ReorgImage, SnapshotsImage } from '../networkImage.ts'
import type { ReorgCause } from '../reorg/reorgHistory.ts'

// A network image and its changes as the payloads of a state file's frames (see journalFile.ts). Each payload is
// one RLP list: [kind, network name, ...fields]. A whole image is several frames (its start, its blocks and its
// trie nodes in chunks, its end), so that neither writing nor reading one holds it all as one encoding.

const IMAGE_START = 1
const IMAGE_BLOCKS = 2
const IMAGE_STATES = 3
const IMAGE_END = 4
const CHANGE = 5

/** Blocks or trie nodes per frame of a whole image. */
const CHUNK = 2_000

const text = (value: string) => new TextEncoder().encode(value)
const fromText = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
const keyBytes = (key: string) => hexToBytes(key as `0x${string}`)
const frame = (kind: number, network: string, fields: RlpItem[]) => encodeRlp([uint(BigInt(kind)), text(network), ...fields])

/** The frames of `image`, whole, under `network`. */
export function* imageFrames(network: string, image: NetworkImage): Generator<Uint8Array> {
  yield frame(IMAGE_START, network, [text(JSON.stringify(image.genesis)), encodeFinality(image.finality)])
  for (let i = 0; i < image.blocks.length; i += CHUNK) {
    yield frame(
      IMAGE_BLOCKS,
      network,
      image.blocks.slice(i, i + CHUNK).map((b) => b.encoded()),
    )
  }
  for (let i = 0; i < image.states.length; i += CHUNK) {
    yield frame(
      IMAGE_STATES,
      network,
      image.states.slice(i, i + CHUNK).map(([key, value]) => [key, value]),
    )
  }
  yield frame(IMAGE_END, network, [
    keyBytes(image.head),
    image.held.map(keyBytes),
    image.accounts,
    image.impersonated.map(keyBytes),
    image.pool.map(encodeTransaction),
    encodeClock(image.clock),
    encodeMining(image.mining),
    encodeBlockParameters(image.blockParameters),
    encodeSnapshots(image.snapshots),
    encodeOverride(image.headOverride),
    uint(BigInt(image.reorgs.total)),
    image.reorgs.records.map(encodeReorg),
  ])
}

/** The frames of one write's `change` to `network` (a whole image when it replaced the chain). */
export function changeFrames(network: string, change: NetworkChange): Uint8Array[] {
  if (change.whole) return [...imageFrames(network, change.whole)]
  return [
    frame(CHANGE, network, [
      change.blocks.map((b) => b.encoded()),
      change.states.map(([key, value]) => [key, value]),
      change.window.map((step) => ('hold' in step ? [uint(1n), keyBytes(step.hold)] : [uint(0n), keyBytes(step.letGo)])),
      optional(change.head === undefined ? undefined : keyBytes(change.head)),
      change.pool.map((step) => ('add' in step ? [uint(1n), encodeTransaction(step.add)] : [uint(0n), keyBytes(step.remove)])),
      change.clock ? [encodeClock(change.clock)] : [],
      change.mining ? [encodeMining(change.mining)] : [],
      change.blockParameters ? [encodeBlockParameters(change.blockParameters)] : [],
      change.impersonated ? [change.impersonated.map(keyBytes)] : [],
      change.snapshots ? [encodeSnapshots(change.snapshots)] : [],
      change.headOverride ? [encodeOverride(change.headOverride.value)] : [],
      change.reorgs ? [change.reorgs.map(encodeReorg)] : [],
    ]),
  ]
}

/** A network being read back: its image so far, the rules its blocks decode under, its window and pool as replayed. */
interface Reading {
  image: NetworkImage
  /** The genesis's rules, and each block's by its number and time. */
  common: Common
  rulesAt: (number: bigint, timestamp: bigint) => Common
  index: ImageIndex
  /** False between an image's start and its end. */
  complete: boolean
}

/**
 * Reads frames back into each network's image: whole images, then the changes after them, applied in order. A
 * frame that does not decode as what its kind says throws, naming what does not fit.
 */
export class ImageReader {
  readonly #networks = new Map<string, Reading>()

  read(payload: Uint8Array): void {
    const [kindItem, networkItem, ...fields] = asList(decodeRlp(payload), 'a frame')
    const kind = Number(asUint(kindItem, "a frame's kind"))
    const network = fromText(asBytes(networkItem, "a frame's network"))
    if (kind === IMAGE_START) {
      this.start(network, fields)
      return
    }
    const reading = this.#networks.get(network)
    if (!reading) throw new Error(`network ${network}'s changes come before its image`)
    if (kind === CHANGE) {
      if (!reading.complete) throw new Error(`network ${network}'s image is not whole`)
      reading.image = applyChange(reading.image, decodeChange(fields, reading.common, reading.rulesAt), reading.index)
      return
    }
    if (reading.complete) throw new Error(`network ${network}'s image continues after its end`)
    if (kind === IMAGE_BLOCKS) {
      for (const item of fields) reading.image.blocks.push(decodeStoredBlock(item, reading.rulesAt))
    } else if (kind === IMAGE_STATES) {
      for (const item of fields) reading.image.states.push(decodeTrieNode(item))
    } else if (kind === IMAGE_END) {
      this.end(reading, fields)
    } else {
      throw new Error(`a frame of unknown kind ${kind}`)
    }
  }

  /** Every network read, by name, with the rules its blocks were decoded under. */
  networks(): Map<string, { image: NetworkImage; common: Common }> {
    const done = new Map<string, { image: NetworkImage; common: Common }>()
    for (const [name, reading] of this.#networks) {
      if (!reading.complete) throw new Error(`network ${name}'s image is not whole`)
      done.set(name, { image: reading.index.finish(reading.image), common: reading.common })
    }
    return done
  }

  private start(network: string, [genesisItem, finalityItem]: RlpItem[]): void {
    const genesis = JSON.parse(fromText(asBytes(genesisItem, 'the genesis'))) as Record<string, unknown>
    const { common } = parseGethGenesis(genesis)
    const image: NetworkImage = {
      genesis,
      finality: decodeFinality(finalityItem),
      blocks: [],
      head: '',
      held: [],
      states: [],
      accounts: [],
      impersonated: [],
      pool: [],
      clock: { offset: 0n, nextTimestamp: undefined, interval: undefined },
      mining: { auto: true },
      blockParameters: { gasLimit: 0n, coinbase: new Uint8Array(20), nextBaseFee: undefined },
      snapshots: { lastId: 0, entries: [] },
      headOverride: undefined,
      reorgs: { total: 0, records: [] },
    }
    this.#networks.set(network, { image, common, rulesAt: rulesByFork(common), index: new ImageIndex(image), complete: false })
  }

  private end(reading: Reading, fields: RlpItem[]): void {
    const [head, held, accounts, impersonated, pool, clock, mining, parameters, snapshots, override, total, reorgs] = fields
    const { image, common } = reading
    image.head = keyOf(asBytes(head, 'the head'))
    image.held = asList(held, 'the held states').map((k) => keyOf(asBytes(k, 'a held state')))
    image.accounts = asList(accounts, 'the keys').map((k) => asBytes(k, 'a key'))
    image.impersonated = asList(impersonated, 'the impersonated').map((a) => keyOf(asBytes(a, 'an address')))
    image.pool = asList(pool, 'the pool').map((t) => decodeTransaction(t, common))
    image.clock = decodeClock(clock)
    image.mining = decodeMining(mining)
    image.blockParameters = decodeBlockParameters(parameters)
    image.snapshots = decodeSnapshots(snapshots, common)
    image.headOverride = decodeOverride(override)
    image.reorgs = { total: Number(asUint(total, 'the reorg count')), records: asList(reorgs, 'the reorgs').map(decodeReorg) }
    reading.index = new ImageIndex(image)
    reading.complete = true
  }
}

function decodeStoredBlock(item: RlpItem, rulesAt: (number: bigint, timestamp: bigint) => Common): StoredBlock {
  return new StoredBlock(decodeBlock(asBytes(item, 'a block'), rulesAt))
}

/** A trie node: its key (the node's hash) and its bytes. */
function decodeTrieNode(item: RlpItem): [Uint8Array, Uint8Array] {
  const [key, value] = asList(item, 'a trie node')
  return [asBytes(key, "a trie node's key"), asBytes(value, 'a trie node')]
}

function decodeChange(fields: RlpItem[], common: Common, rulesAt: (number: bigint, timestamp: bigint) => Common): NetworkChange {
  const [blocks, states, window, head, pool, clock, mining, parameters, impersonated, snapshots, override, reorgs] = fields
  const one = (item: RlpItem | undefined, what: string) => {
    const list = asList(item, what)
    return list.length === 0 ? undefined : list[0]
  }
  const change: NetworkChange = {
    blocks: asList(blocks, 'the blocks').map((item) => decodeStoredBlock(item, rulesAt)),
    states: asList(states, 'the trie nodes').map(decodeTrieNode),
    window: asList(window, 'the window').map((item) => {
      const [op, key] = asList(item, 'a window change')
      const hashKey = keyOf(asBytes(key, 'a window change'))
      return asUint(op, 'a window change') === 1n ? { hold: hashKey } : { letGo: hashKey }
    }),
    pool: asList(pool, 'the pool').map((item) => {
      const [op, value] = asList(item, 'a pool change')
      return asUint(op, 'a pool change') === 1n ? { add: decodeTransaction(value as RlpItem, common) } : { remove: keyOf(asBytes(value, 'a pool change')) }
    }),
  }
  const headBytes = asOptional(head, 'the head')
  if (headBytes) change.head = keyOf(headBytes)
  const clockItem = one(clock, 'the clock')
  if (clockItem) change.clock = decodeClock(clockItem)
  const miningItem = one(mining, 'the mining')
  if (miningItem) change.mining = decodeMining(miningItem)
  const parametersItem = one(parameters, 'the block parameters')
  if (parametersItem) change.blockParameters = decodeBlockParameters(parametersItem)
  const impersonatedItem = one(impersonated, 'the impersonated')
  if (impersonatedItem) change.impersonated = asList(impersonatedItem, 'the impersonated').map((a) => keyOf(asBytes(a, 'an address')))
  const snapshotsItem = one(snapshots, 'the snapshots')
  if (snapshotsItem) change.snapshots = decodeSnapshots(snapshotsItem, common)
  const overrideList = asList(override, 'the state on the head')
  if (overrideList.length > 0) change.headOverride = { value: decodeOverride(overrideList[0]) }
  const reorgsItem = one(reorgs, 'the reorgs')
  if (reorgsItem) change.reorgs = asList(reorgsItem, 'the reorgs').map(decodeReorg)
  return change
}

function encodeFinality(finality: FinalityDepths): RlpItem {
  return [uint(finality.safeDepth), uint(finality.finalizedDepth), optionalUint(finality.safeAtLeast), optionalUint(finality.finalizedAtLeast)]
}

function decodeFinality(item: RlpItem | undefined): FinalityDepths {
  const [safe, finalized, safeAtLeast, finalizedAtLeast] = asList(item, 'the finality')
  return {
    safeDepth: asUint(safe, 'the safe depth'),
    finalizedDepth: asUint(finalized, 'the finalized depth'),
    ...optionalField('safeAtLeast', asOptionalUint(safeAtLeast, 'a finality floor')),
    ...optionalField('finalizedAtLeast', asOptionalUint(finalizedAtLeast, 'a finality floor')),
  }
}

/** The clock's offset may be negative: its sign and its size. */
function encodeClock(clock: ClockState): RlpItem {
  const negative = clock.offset < 0n
  return [uint(negative ? 1n : 0n), uint(negative ? -clock.offset : clock.offset), optionalUint(clock.nextTimestamp), optionalUint(clock.interval)]
}

function decodeClock(item: RlpItem | undefined): ClockState {
  const [sign, size, next, interval] = asList(item, 'the clock')
  const magnitude = asUint(size, "the clock's offset")
  return {
    offset: asUint(sign, "the clock's sign") === 1n ? -magnitude : magnitude,
    nextTimestamp: asOptionalUint(next, "the clock's next timestamp"),
    interval: asOptionalUint(interval, "the clock's interval"),
  }
}

function encodeMining(mining: MiningMode): RlpItem {
  return [uint(mining.auto ? 1n : 0n), optionalUint(mining.intervalMs === undefined ? undefined : BigInt(mining.intervalMs))]
}

function decodeMining(item: RlpItem | undefined): MiningMode {
  const [auto, interval] = asList(item, 'the mining')
  const ms = asOptionalUint(interval, "the mining's interval")
  const automine = asUint(auto, 'the mining') === 1n
  return ms === undefined ? { auto: automine } : { auto: automine, intervalMs: Number(ms) }
}

function encodeBlockParameters(parameters: BlockParametersImage): RlpItem {
  return [uint(parameters.gasLimit), parameters.coinbase, optionalUint(parameters.nextBaseFee)]
}

function decodeBlockParameters(item: RlpItem | undefined): BlockParametersImage {
  const [gasLimit, coinbase, nextBaseFee] = asList(item, 'the block parameters')
  return {
    gasLimit: asUint(gasLimit, 'the gas limit'),
    coinbase: asBytes(coinbase, 'the coinbase'),
    nextBaseFee: asOptionalUint(nextBaseFee, 'the next base fee'),
  }
}

function encodeOverride(override: StateOverride | undefined): RlpItem {
  if (!override) return []
  return [[keyBytes(override.headKey), override.stateRoot, override.changes.map(encodeAccountChange)]]
}

function decodeOverride(item: RlpItem | undefined): StateOverride | undefined {
  const list = asList(item, 'the state on the head')
  if (list.length === 0) return undefined
  const [head, root, changes] = asList(list[0], 'the state on the head')
  return {
    headKey: keyOf(asBytes(head, "the state on the head's block")),
    stateRoot: asBytes(root, "the state on the head's root"),
    changes: asList(changes, 'the changes on the head').map(decodeAccountChange),
  }
}

function encodeSnapshots(snapshots: SnapshotsImage): RlpItem {
  return [
    uint(BigInt(snapshots.lastId)),
    snapshots.entries.map(([id, snapshot]: [number, Snapshot]) => [
      uint(BigInt(id)),
      keyBytes(snapshot.headKey),
      snapshot.headStateRoot,
      snapshot.pool.map(encodeTransaction),
      encodeClock(snapshot.clock),
      encodeOverride(snapshot.stateOverride),
    ]),
  ]
}

function decodeSnapshots(item: RlpItem | undefined, common: Common): SnapshotsImage {
  const [lastId, entries] = asList(item, 'the snapshots')
  return {
    lastId: Number(asUint(lastId, "the snapshots' last id")),
    entries: asList(entries, 'the snapshots').map((entry) => {
      const [id, head, root, pool, clock, override] = asList(entry, 'a snapshot')
      const snapshot: Snapshot = {
        headKey: keyOf(asBytes(head, "a snapshot's head")),
        headStateRoot: asBytes(root, "a snapshot's state"),
        pool: asList(pool, "a snapshot's pool").map((t) => decodeTransaction(t, common)),
        clock: decodeClock(clock),
        stateOverride: decodeOverride(override),
      }
      return [Number(asUint(id, "a snapshot's id")), snapshot]
    }),
  }
}

const CAUSES: readonly ReorgCause[] = ['simReorg', 'anvilReorg', 'rollback', 'revert']

function encodeReorg(reorg: ReorgImage): RlpItem {
  return [
    uint(BigInt(reorg.id)),
    text(reorg.cause),
    uint(BigInt(reorg.at)),
    keyBytes(reorg.commonAncestor),
    reorg.removed.map(keyBytes),
    reorg.added.map(keyBytes),
  ]
}

function decodeReorg(item: RlpItem): ReorgImage {
  const [id, cause, at, ancestor, removed, added] = asList(item, 'a reorg')
  const causeText = fromText(asBytes(cause, "a reorg's cause"))
  if (!(CAUSES as readonly string[]).includes(causeText)) throw new Error(`a reorg's cause is ${causeText}`)
  const keys = (list: RlpItem | undefined) => asList(list, "a reorg's blocks").map((k) => keyOf(asBytes(k, "a reorg's block")))
  return {
    id: Number(asUint(id, "a reorg's id")),
    cause: causeText as ReorgCause,
    at: Number(asUint(at, "a reorg's time")),
    commonAncestor: keyOf(asBytes(ancestor, "a reorg's common ancestor")),
    removed: keys(removed),
    added: keys(added),
  }
}
