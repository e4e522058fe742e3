import { bytesToHex, keccak256, transactionFromFields } from '../evm/index.ts'
import type { Common, TransactionFields, Withdrawal } from '../evm/index.ts'
import type { UpstreamBlock, UpstreamReceipt } from '../replay/types.ts'
import { MalformedAnswer } from './errors.ts'
import { bytesOf, quantityOf } from './upstreamFormats.ts'

// The upstream's blocks and receipts as a replay needs them: its JSON (hex strings) into domain types, through
// a compact JSON form the cache keeps (a block's raw transactions rather than their objects, about half the size).

/** A block as the fork cache keeps it for a replay: header fields and raw transactions, as 0x hex. */
export interface CachedReplayBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  miner: string
  gasLimit: string
  gasUsed: string
  extraData: string
  mixHash: string
  transactionsRoot: string
  receiptsRoot: string
  logsBloom: string
  baseFeePerGas?: string
  withdrawals?: Array<{ index: string; validatorIndex: string; address: string; amount: string }>
  parentBeaconBlockRoot?: string
  excessBlobGas?: string
  /** Canonical encodings, in block order. */
  transactions: string[]
}

/**
 * eth_getBlockByNumber(n, true) as the cache keeps it: each transaction encoded again from its fields under the
 * block's rules and held to the hash the upstream gave it (a transaction type chainsim does not know, or a field
 * the upstream left out, fails here, naming it).
 */
export function cachedReplayBlockOf(json: Record<string, unknown>, rulesAt: (number: bigint, timestamp: bigint) => Common): CachedReplayBlock {
  const number = quantityOf(json.number, 'block number')
  const timestamp = quantityOf(json.timestamp, 'block timestamp')
  const rules = rulesAt(number, timestamp)
  if (!Array.isArray(json.transactions)) throw new MalformedAnswer(`the upstream answered block ${number} without its transactions`)
  const transactions = json.transactions.map((tx, index) => {
    if (tx === null || typeof tx !== 'object') throw new MalformedAnswer(`the upstream answered block ${number} with transaction hashes, not objects`)
    const object = tx as Record<string, unknown>
    const hash = bytesOf(object.hash, 'transaction hash', 32)
    let signed
    try {
      signed = transactionFromFields(transactionFieldsOf(object), rules)
    } catch (error) {
      throw new MalformedAnswer(`block ${number} transaction ${index} (${bytesToHex(hash)}) cannot be replayed: ${(error as Error).message}`)
    }
    if (signed.hashKey !== bytesToHex(hash)) {
      throw new MalformedAnswer(
        `block ${number} transaction ${index}: its fields encode to ${signed.hashKey}, not to the upstream's hash ${bytesToHex(hash)} (a field chainsim does not know?)`,
      )
    }
    return bytesToHex(signed.raw)
  })
  const text = (field: string) => {
    const value = json[field]
    if (typeof value !== 'string') throw new MalformedAnswer(`the upstream answered block ${number} without ${field}`)
    return value
  }
  const optional = (field: string) => (typeof json[field] === 'string' ? { [field]: json[field] as string } : {})
  const withdrawals = Array.isArray(json.withdrawals)
    ? {
        withdrawals: (json.withdrawals as Array<Record<string, unknown>>).map((w) => ({
          index: String(w.index),
          validatorIndex: String(w.validatorIndex),
          address: String(w.address),
          amount: String(w.amount),
        })),
      }
    : {}
  return {
    number: text('number'),
    hash: text('hash'),
    parentHash: text('parentHash'),
    timestamp: text('timestamp'),
    miner: text('miner'),
    gasLimit: text('gasLimit'),
    gasUsed: text('gasUsed'),
    extraData: text('extraData'),
    mixHash: text('mixHash'),
    transactionsRoot: text('transactionsRoot'),
    receiptsRoot: text('receiptsRoot'),
    logsBloom: text('logsBloom'),
    ...optional('baseFeePerGas'),
    ...withdrawals,
    ...optional('parentBeaconBlockRoot'),
    ...optional('excessBlobGas'),
    transactions,
  }
}

/** A cached block in domain types. */
export function upstreamBlockOf(cached: CachedReplayBlock): UpstreamBlock {
  const number = quantityOf(cached.number, 'block number')
  const hash32 = (value: string | undefined, what: string) => bytesOf(value, what, 32)
  return {
    number,
    hash: hash32(cached.hash, 'block hash'),
    parentHash: hash32(cached.parentHash, 'block parentHash'),
    timestamp: quantityOf(cached.timestamp, 'block timestamp'),
    coinbase: bytesOf(cached.miner, 'block miner', 20),
    gasLimit: quantityOf(cached.gasLimit, 'block gasLimit'),
    extraData: bytesOf(cached.extraData, 'block extraData'),
    prevRandao: hash32(cached.mixHash, 'block mixHash'),
    ...(cached.baseFeePerGas === undefined ? {} : { baseFeePerGas: quantityOf(cached.baseFeePerGas, 'block baseFeePerGas') }),
    ...(cached.withdrawals === undefined ? {} : { withdrawals: cached.withdrawals.map(withdrawalOf) }),
    ...(cached.parentBeaconBlockRoot === undefined ? {} : { parentBeaconBlockRoot: hash32(cached.parentBeaconBlockRoot, 'block parentBeaconBlockRoot') }),
    ...(cached.excessBlobGas === undefined ? {} : { excessBlobGas: quantityOf(cached.excessBlobGas, 'block excessBlobGas') }),
    transactions: cached.transactions.map((text) => {
      const raw = bytesOf(text, 'raw transaction')
      return { raw, hash: keccak256(raw) }
    }),
    expected: {
      transactionsRoot: hash32(cached.transactionsRoot, 'block transactionsRoot'),
      receiptsRoot: hash32(cached.receiptsRoot, 'block receiptsRoot'),
      logsBloom: bytesOf(cached.logsBloom, 'block logsBloom', 256),
      gasUsed: quantityOf(cached.gasUsed, 'block gasUsed'),
    },
  }
}

/** eth_getBlockReceipts' answer in domain types. */
export function upstreamReceiptsOf(json: unknown): UpstreamReceipt[] {
  if (!Array.isArray(json)) throw new MalformedAnswer('the upstream answered receipts that are not a list')
  return json.map((value) => {
    const receipt = value as Record<string, unknown>
    const logs = Array.isArray(receipt.logs) ? (receipt.logs as Array<Record<string, unknown>>) : []
    return {
      transactionHash: bytesOf(receipt.transactionHash, 'receipt transactionHash', 32),
      status: quantityOf(receipt.status, 'receipt status') === 1n ? 1 : 0,
      gasUsed: quantityOf(receipt.gasUsed, 'receipt gasUsed'),
      cumulativeGasUsed: quantityOf(receipt.cumulativeGasUsed, 'receipt cumulativeGasUsed'),
      ...(typeof receipt.contractAddress === 'string' ? { contractAddress: bytesOf(receipt.contractAddress, 'receipt contractAddress', 20) } : {}),
      logs: logs.map((log) => ({
        address: bytesOf(log.address, 'log address', 20),
        topics: (Array.isArray(log.topics) ? log.topics : []).map((topic) => bytesOf(topic, 'log topic', 32)),
        data: bytesOf(log.data, 'log data'),
      })),
    }
  })
}

function withdrawalOf(w: { index: string; validatorIndex: string; address: string; amount: string }): Withdrawal {
  return {
    index: quantityOf(w.index, 'withdrawal index'),
    validatorIndex: quantityOf(w.validatorIndex, 'withdrawal validatorIndex'),
    address: bytesOf(w.address, 'withdrawal address', 20),
    amount: quantityOf(w.amount, 'withdrawal amount'),
  }
}

/** A transaction object's fields (geth's and Anvil's names) in domain types. */
function transactionFieldsOf(tx: Record<string, unknown>): TransactionFields {
  const type = Number(quantityOf(tx.type ?? '0x0', 'transaction type'))
  const q = (field: string) => quantityOf(tx[field], `transaction ${field}`)
  const optionalQ = (field: string) => (tx[field] === undefined || tx[field] === null ? undefined : q(field))
  const parity = tx.yParity ?? tx.v
  return {
    type,
    ...(optionalQ('chainId') === undefined || type === 0 ? {} : { chainId: q('chainId') }),
    nonce: q('nonce'),
    gasLimit: q('gas'),
    ...(type < 2 ? { gasPrice: q('gasPrice') } : { maxPriorityFeePerGas: q('maxPriorityFeePerGas'), maxFeePerGas: q('maxFeePerGas') }),
    ...(type === 3
      ? {
          maxFeePerBlobGas: q('maxFeePerBlobGas'),
          blobVersionedHashes: listOf(tx.blobVersionedHashes, 'blobVersionedHashes').map((h) => bytesOf(h, 'blob versioned hash', 32)),
        }
      : {}),
    ...(tx.to === null || tx.to === undefined ? {} : { to: bytesOf(tx.to, 'transaction to', 20) }),
    value: q('value'),
    data: bytesOf(tx.input ?? tx.data ?? '0x', 'transaction input'),
    ...(type >= 1
      ? {
          accessList: listOf(tx.accessList ?? [], 'accessList').map((entry) => {
            const e = entry as Record<string, unknown>
            return {
              address: bytesOf(e.address, 'access list address', 20),
              storageKeys: listOf(e.storageKeys ?? [], 'storageKeys').map((k) => bytesOf(k, 'storage key', 32)),
            }
          }),
        }
      : {}),
    ...(type === 4
      ? {
          authorizationList: listOf(tx.authorizationList, 'authorizationList').map((item) => {
            const a = item as Record<string, unknown>
            return {
              chainId: quantityOf(a.chainId, 'authorization chainId'),
              address: bytesOf(a.address, 'authorization address', 20),
              nonce: quantityOf(a.nonce, 'authorization nonce'),
              yParity: quantityOf(a.yParity ?? a.v, 'authorization yParity'),
              r: quantityOf(a.r, 'authorization r'),
              s: quantityOf(a.s, 'authorization s'),
            }
          }),
        }
      : {}),
    v: type === 0 ? q('v') : quantityOf(parity, 'transaction yParity'),
    r: q('r'),
    s: q('s'),
  }
}

function listOf(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new MalformedAnswer(`the upstream answered a transaction whose ${what} is not a list`)
  return value
}
