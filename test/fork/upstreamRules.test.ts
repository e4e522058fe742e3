import { describe, expect, test } from 'vitest'
import { hardforkOfUpstream } from '../../src/evm/index.ts'
import type { UpstreamHeader } from '../../src/evm/index.ts'
import { upstreamRulesOf } from '../../src/fork/upstreamRules.ts'

// The rules of an unknown chain's fork block: its header's fields up to Prague, its eth_config after.

const bytes = (length: number) => new Uint8Array(length)
const pragueHeader: UpstreamHeader = {
  hash: bytes(32),
  parentHash: bytes(32),
  uncleHash: bytes(32),
  coinbase: bytes(20),
  stateRoot: bytes(32),
  transactionsTrie: bytes(32),
  receiptTrie: bytes(32),
  logsBloom: bytes(256),
  difficulty: 0n,
  number: 5n,
  gasLimit: 30_000_000n,
  gasUsed: 0n,
  timestamp: 1_000n,
  extraData: bytes(0),
  mixHash: bytes(32),
  nonce: bytes(8),
  baseFeePerGas: 1n,
  withdrawalsRoot: bytes(32),
  blobGasUsed: 0n,
  excessBlobGas: 0n,
  parentBeaconBlockRoot: bytes(32),
  requestsHash: bytes(32),
}
const config = (activationTime: number, max: number, withP256 = true) => ({
  current: {
    activationTime,
    blobSchedule: { target: 6, max, baseFeeUpdateFraction: 5007716 },
    precompiles: { ECREC: '0x0000000000000000000000000000000000000001', ...(withP256 ? { P256VERIFY: '0x0000000000000000000000000000000000000100' } : {}) },
  },
})
const rulesAt = (answer: unknown) => hardforkOfUpstream(pragueHeader, upstreamRulesOf(answer, pragueHeader.timestamp))

describe('the rules of an unknown upstream at the fork block', () => {
  test('P256VERIFY among its precompiles is Osaka; a BPO fork is told by its blob maximum', () => {
    expect(rulesAt(config(0, 9))).toBe('osaka')
    expect(rulesAt(config(0, 15))).toBe('bpo1')
    expect(rulesAt(config(0, 21))).toBe('bpo2')
  })

  test('without P256VERIFY, without eth_config, or with a fork activated after the fork block: what the header shows', () => {
    expect(rulesAt(config(0, 9, false))).toBe('prague')
    expect(rulesAt(undefined)).toBe('prague')
    expect(rulesAt({ unexpected: true })).toBe('prague')
    expect(rulesAt(config(1_001, 21))).toBe('prague')
  })

  test('a header without Prague’s fields is never read as Osaka', () => {
    const { requestsHash: _, ...cancun } = pragueHeader
    expect(hardforkOfUpstream(cancun, upstreamRulesOf(config(0, 21), pragueHeader.timestamp))).toBe('cancun')
  })
})
