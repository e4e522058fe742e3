import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fromRlp, keccak256, toRlp, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { loadImportedNetwork } from '../../src/importedNetwork.ts'
import { startServer, type RunningServer } from '../../src/server.ts'
import { canonicalForm, networkForm, networkParts, sidecarOf, signBlobTransaction } from '../helpers/blobs.ts'
import { devAccount, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// Blob transactions at the door, over real HTTP: what geth's pool refuses is refused with geth's
// words (txpool/validation.go), as -32000, and leaves the chain and the pool as they were. The chain runs Prague:
// its sidecars carry a proof per blob (version 0), which the refusals below are made from.

const test = rpcTestWith([{ hardfork: 'prague' }])
/** The BLS12-381 G1 generator, compressed: a valid point that proves nothing about our blobs. */
const G1_GENERATOR = '0x97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb'
let server: DevServer
let url: string
const sender = devAccount(4)
let nonce = 0

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const sign = (overrides: Partial<Parameters<typeof signBlobTransaction>[0]> = {}) =>
  signBlobTransaction({ account: sender, chainId: 31337, nonce, sidecars: [sidecarOf('chainsim admission')], ...overrides })

/** Sends `raw`, expects -32000 with `message`, and checks that nothing changed. */
async function refused(raw: Hex, message: string | RegExp): Promise<void> {
  const head = await rpc(url, 'eth_blockNumber')
  const pool = await rpc(url, 'txpool_status')
  const error = await rpcError(url, 'eth_sendRawTransaction', [raw])
  expect(error.code).toBe(-32000)
  if (typeof message === 'string') expect(error.message).toBe(message)
  else expect(error.message).toMatch(message)
  expect(await rpc(url, 'eth_blockNumber')).toBe(head)
  expect(await rpc(url, 'txpool_status')).toEqual(pool)
  expect(await rpc(url, 'eth_getTransactionByHash', [keccak256(canonicalForm(raw))])).toBeNull()
}

describe('valid params', () => {
  test('a blob transaction with a good sidecar is taken and mined', async () => {
    const raw = await sign()
    const hash = await rpc(url, 'eth_sendRawTransaction', [raw])
    expect(hash).toBe(keccak256(canonicalForm(raw)))
    expect((await rpc(url, 'eth_getTransactionReceipt', [hash])).status).toBe('0x1')
    nonce++
  })
})

describe('invalid params', () => {
  test('a proof that is a valid curve point but not the blob’s → KZG verification error', async () => {
    const parts = networkParts(await sign())
    await refused(networkForm({ ...parts, proofs: [G1_GENERATOR] }), "KZG verification error: invalid blob proof: can't verify opening proof")
  })

  test('a blob changed after proving → KZG verification error', async () => {
    const parts = networkParts(await sign())
    const blob = `${parts.blobs[0]!.slice(0, -2)}01` as Hex
    await refused(networkForm({ ...parts, blobs: [blob] }), "KZG verification error: invalid blob proof: can't verify opening proof")
  })

  test('a versioned hash that is not its commitment’s → geth names both hashes', async () => {
    const wrong = `0x01${'ab'.repeat(31)}` as Hex
    await refused(await sign({ blobVersionedHashes: [wrong] }), /^blob 0: computed hash 0x01[0-9a-f]{62} mismatches transaction one 0x01(ab){31}$/)
  })

  test('a versioned hash of another version → refused as a mismatch, before any decoding', async () => {
    const sidecar = sidecarOf('chainsim admission')
    const parts = networkParts(await sign())
    const tx = [...parts.tx]
    tx[10] = [`0x02${'00'.repeat(31)}`] as unknown as Hex
    await refused(networkForm({ ...parts, tx, commitments: [sidecar.commitment] }), /^blob 0: computed hash .* mismatches transaction one 0x02/)
  })

  test('counts that do not match the versioned hashes', async () => {
    const parts = networkParts(await sign({ sidecars: [sidecarOf('chainsim admission'), sidecarOf('chainsim admission')] }))
    await refused(networkForm({ ...parts, blobs: parts.blobs.slice(1) }), 'invalid number of 1 blobs compared to 2 blob hashes')
    await refused(networkForm({ ...parts, commitments: parts.commitments.slice(1) }), 'invalid number of 1 blob commitments compared to 2 blob hashes')
    await refused(networkForm({ ...parts, proofs: parts.proofs.slice(1) }), 'invalid number of 1 blob proofs expected 2')
  })

  test('seven blobs → over geth’s limit of six per transaction', async () => {
    const sidecar = sidecarOf('chainsim admission')
    await refused(await sign({ sidecars: Array(7).fill(sidecar) }), 'transaction blob limit exceeded: blob count 7, limit 6')
  })

  test('no blobs → blobless blob transaction', async () => {
    const parts = networkParts(await sign())
    const tx = [...parts.tx]
    tx[10] = [] as unknown as Hex
    await refused(networkForm({ tx, blobs: [], commitments: [], proofs: [] }), 'blobless blob transaction')
  })

  test('the canonical form alone (no blobs) → missing sidecar', async () => {
    await refused(canonicalForm(await sign()), 'missing sidecar in blob transaction')
  })

  test('a cell-proof sidecar (version 1) before Osaka → unexpected sidecar version', async () => {
    const parts = networkParts(await sign())
    const cellProofs = Array<Hex>(128).fill(parts.proofs[0]!)
    await refused(networkForm({ ...parts, proofs: cellProofs }, 1), 'unexpected sidecar version, want: 0, got: 1')
  })

  test('a blob fee cap of 0 → below the minimum of 1 wei', async () => {
    await refused(await sign({ maxFeePerBlobGas: 0n }), 'transaction gas price below minimum: blob fee cap 0, minimum needed 1')
  })

  test('a blob of the wrong size, a short commitment, an unknown sidecar version → rlp errors', async () => {
    const parts = networkParts(await sign())
    await refused(networkForm({ ...parts, blobs: ['0x1234'] }), 'rlp: blob 0 is 2 bytes, want 131072')
    await refused(networkForm({ ...parts, commitments: [parts.commitments[0]!.slice(0, -2) as Hex] }), 'rlp: commitment 0 is 47 bytes, want 48')
    const three = `0x03${toRlp([parts.tx, '0x02', parts.blobs, parts.commitments, parts.proofs]).slice(2)}` as Hex
    await refused(three, 'unsupported blob tx version 0x02')
  })

  test('funds for the blob gas at its fee cap are needed too (geth’s tx cost)', async () => {
    const poor = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    // Enough for 21,000 gas at 10 gwei, not for one blob's 131,072 blob gas at 1 gwei on top.
    await rpc(url, 'anvil_setBalance', [poor.address, `0x${(21_000n * 10n ** 10n).toString(16)}`])
    const raw = await signBlobTransaction({ account: poor, chainId: 31337, nonce: 0, sidecars: [sidecarOf('chainsim admission')] })
    await refused(raw, /^insufficient funds for gas \* price \+ value: balance 210000000000000, tx cost 341072000000000, overshot 131072000000000$/)
  })
})

describe('an Osaka chain (cell proofs, EIP-7594)', () => {
  const tests = new URL('../fixtures/execution-apis/tests/', import.meta.url)
  const fixture = readFileSync(new URL('eth_sendRawTransaction/send-blob-tx.io', tests), 'utf8')
  const cellProofTransaction = (
    JSON.parse(
      fixture
        .split('\n')
        .find((l) => l.startsWith('>>'))!
        .slice(2),
    ) as { params: [Hex] }
  ).params[0]
  let imported: RunningServer
  let osaka: string

  beforeAll(async () => {
    const network = await loadImportedNetwork({
      genesisFile: fileURLToPath(new URL('genesis.json', tests)),
      blocksFile: fileURLToPath(new URL('chain.rlp', tests)),
      mining: { auto: false },
    })
    imported = await startServer(network.config, { port: 0, createNode: network.createNode })
    osaka = `${imported.networks[0]!.httpUrl}/`
  })
  afterAll(() => imported?.close())

  test('a cell proof that does not open → KZG verification error; the transaction as signed is taken', async () => {
    const [tx, version, blobs, commitments, proofs] = fromRlp(`0x${cellProofTransaction.slice(4)}`) as [Hex[], Hex, Hex[], Hex[], Hex[]]
    // The fixture's blob is all zeros (every proof the identity point): one becomes the G1 generator.
    const tampered = `0x03${toRlp([tx, version, blobs, commitments, [G1_GENERATOR, ...proofs.slice(1)]]).slice(2)}` as Hex
    const error = await rpcError(osaka, 'eth_sendRawTransaction', [tampered])
    expect(error).toMatchObject({ code: -32000, message: "KZG verification error: can't verify opening proof" })
    expect(await rpc(osaka, 'eth_sendRawTransaction', [cellProofTransaction])).toBe(keccak256(`0x03${toRlp(tx).slice(2)}`))
  })

  test('a version-0 sidecar is still taken, as geth’s eth_sendRawTransaction converts it', async () => {
    const keys = JSON.parse(readFileSync(new URL('accounts.json', tests), 'utf8')) as Record<string, { key: Hex }>
    const account = privateKeyToAccount(Object.values(keys)[0]!.key)
    const pending = await rpc<Hex>(osaka, 'eth_getTransactionCount', [account.address, 'pending'])
    const raw = await signBlobTransaction({
      account,
      chainId: Number(await rpc<Hex>(osaka, 'eth_chainId')),
      nonce: Number(pending),
      sidecars: [sidecarOf('chainsim admission')],
      maxFeePerGas: 10n ** 11n,
    })
    expect(await rpc(osaka, 'eth_sendRawTransaction', [raw])).toBe(keccak256(canonicalForm(raw)))
    const pooled = await rpc(osaka, 'eth_getTransactionByHash', [keccak256(canonicalForm(raw))])
    expect(pooled).toMatchObject({ type: '0x3', blockHash: null, blobVersionedHashes: [expect.stringMatching(/^0x01/)] })
  })
})
