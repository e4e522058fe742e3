import { hexToBytes } from '../evm/index.ts'
import type { UpstreamHeader } from '../evm/index.ts'
import type { PositionedLog } from '../logs/index.ts'
import { MalformedAnswer } from './errors.ts'

// The upstream's JSON (hex strings) into chainsim's domain types; an answer of the wrong shape is an upstream failure.

/** A quantity (0x-hex number). */
export function quantityOf(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw malformed(what, value)
  return BigInt(value)
}

/** Bytes (0x-hex data), of an exact length when given. */
export function bytesOf(value: unknown, what: string, length?: number): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw malformed(what, value)
  const bytes = hexToBytes(value as `0x${string}`)
  if (length !== undefined && bytes.length !== length) throw malformed(what, value)
  return bytes
}

/** A block object's header fields (eth_getBlockByNumber's answer). */
export function headerOf(block: Record<string, unknown>): UpstreamHeader {
  const hash = (field: string) => bytesOf(block[field], `block ${field}`, 32)
  const optional = <T>(field: string, parse: (value: unknown, what: string) => T) =>
    block[field] === undefined || block[field] === null ? undefined : parse(block[field], `block ${field}`)
  return {
    hash: hash('hash'),
    parentHash: hash('parentHash'),
    uncleHash: hash('sha3Uncles'),
    coinbase: bytesOf(block.miner, 'block miner', 20),
    stateRoot: hash('stateRoot'),
    transactionsTrie: hash('transactionsRoot'),
    receiptTrie: hash('receiptsRoot'),
    logsBloom: bytesOf(block.logsBloom, 'block logsBloom', 256),
    difficulty: quantityOf(block.difficulty ?? '0x0', 'block difficulty'),
    number: quantityOf(block.number, 'block number'),
    gasLimit: quantityOf(block.gasLimit, 'block gasLimit'),
    gasUsed: quantityOf(block.gasUsed, 'block gasUsed'),
    timestamp: quantityOf(block.timestamp, 'block timestamp'),
    extraData: bytesOf(block.extraData, 'block extraData'),
    mixHash: bytesOf(block.mixHash ?? `0x${'00'.repeat(32)}`, 'block mixHash', 32),
    nonce: bytesOf(block.nonce ?? '0x0000000000000000', 'block nonce', 8),
    baseFeePerGas: optional('baseFeePerGas', quantityOf),
    withdrawalsRoot: optional('withdrawalsRoot', (v, w) => bytesOf(v, w, 32)),
    blobGasUsed: optional('blobGasUsed', quantityOf),
    excessBlobGas: optional('excessBlobGas', quantityOf),
    parentBeaconBlockRoot: optional('parentBeaconBlockRoot', (v, w) => bytesOf(v, w, 32)),
    requestsHash: optional('requestsHash', (v, w) => bytesOf(v, w, 32)),
  }
}

/**
 * A mined log (eth_getLogs' answer). Nodes that leave out `blockTimestamp` (older geth, some clients) get it
 * from `timestampOf`, the timestamps of the blocks the logs are in.
 */
export function logOf(json: Record<string, unknown>, timestampOf: (blockNumber: bigint) => bigint | undefined): PositionedLog {
  const blockNumber = quantityOf(json.blockNumber, 'log blockNumber')
  const timestamp =
    json.blockTimestamp === undefined || json.blockTimestamp === null ? timestampOf(blockNumber) : quantityOf(json.blockTimestamp, 'log blockTimestamp')
  if (timestamp === undefined) throw malformed('log blockTimestamp', json.blockTimestamp)
  if (!Array.isArray(json.topics)) throw malformed('log topics', json.topics)
  return {
    address: bytesOf(json.address, 'log address', 20),
    topics: json.topics.map((topic) => bytesOf(topic, 'log topic', 32)),
    data: bytesOf(json.data, 'log data'),
    blockNumber,
    blockHash: bytesOf(json.blockHash, 'log blockHash', 32),
    blockTimestamp: timestamp,
    transactionHash: bytesOf(json.transactionHash, 'log transactionHash', 32),
    transactionIndex: Number(quantityOf(json.transactionIndex, 'log transactionIndex')),
    logIndex: Number(quantityOf(json.logIndex, 'log logIndex')),
  }
}

function malformed(what: string, value: unknown): MalformedAnswer {
  return new MalformedAnswer(`the upstream answered a ${what} that is not valid: ${JSON.stringify(value)?.slice(0, 80)}`)
}
