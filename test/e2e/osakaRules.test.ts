import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { concatHex, createPublicClient, http, numberToHex, padHex, toHex } from 'viem'
import type { Hex, PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'
import { devAccount } from '../helpers/rpcChain.ts'

// Osaka's four changes a contract meets (EIP-7939 CLZ, EIP-7951 P256VERIFY, EIP-7883 MODEXP pricing, EIP-7823
// MODEXP input bounds), through viem against served chains at `latest`, `osaka` and `prague`, and against Anvil
// 1.7.1 at the same rules where it is installed.

const from = devAccount(0).address
const P256VERIFY: Hex = '0x0000000000000000000000000000000000000100'
const MODEXP: Hex = '0x0000000000000000000000000000000000000005'

// Init code run by eth_call: PUSH1 1, CLZ, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
const CLZ_OF_ONE: Hex = '0x60011e60005260206000f3'

/** A secp256r1 signature of a message by node:crypto, as P256VERIFY reads it: hash, r, s, x, y. */
function p256Input(): { valid: Hex; tampered: Hex } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const message = Buffer.from('chainsim runs osaka')
  const signature = sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' })
  const jwk = publicKey.export({ format: 'jwk' })
  const coordinate = (value: string | undefined) => toHex(Buffer.from(value as string, 'base64url'))
  const hash = toHex(createHash('sha256').update(message).digest())
  const valid = concatHex([hash, toHex(signature), coordinate(jwk.x), coordinate(jwk.y)])
  const tampered = concatHex([toHex(createHash('sha256').update('another message').digest()), toHex(signature), coordinate(jwk.x), coordinate(jwk.y)])
  return { valid, tampered }
}

/** MODEXP's input: the three lengths, then base, exponent and modulus. */
function modexpInput(base: Hex, exponent: Hex, modulus: Hex): Hex {
  const length = (value: Hex) => padHex(numberToHex((value.length - 2) / 2), { size: 32 })
  return concatHex([length(base), length(exponent), length(modulus), base, exponent, modulus])
}

const SMALL_MODEXP = modexpInput('0x03', '0x05', '0x07')
// EIP-7823 bounds each length at 1024 bytes: a 1025-byte base is refused from Osaka.
const OVERSIZED_MODEXP = modexpInput(padHex('0x02', { size: 1025 }), '0x03', '0x05')

const clientOf = (url: string): PublicClient => createPublicClient({ transport: http(url) })

/**
 * Init code that copies `input` (appended to it) into memory, STATICCALLs MODEXP with it and returns the gas
 * the call took (GAS before and after): the precompile's price plus a constant for the call itself.
 */
function measuringModexp(input: Hex): Hex {
  const length = padHex(numberToHex((input.length - 2) / 2), { size: 2 })
  const codeLength = '0x0023'
  const code = concatHex([
    '0x61',
    length,
    '0x61',
    codeLength,
    '0x600039',
    '0x5a',
    '0x60006000',
    '0x61',
    length,
    '0x6000',
    '0x6005',
    '0x5afa',
    '0x50',
    '0x5a9003',
    '0x600052',
    '0x60206000f3',
  ])
  return concatHex([code, input])
}

/** The gas a call to MODEXP with `data` takes on the chain at `client`. */
const modexpGas = async (client: PublicClient, data: Hex) => BigInt((await client.call({ account: from, data: measuringModexp(data) })).data as Hex)

describe.each(['latest', 'osaka', 'Osaka'])('a chain at %s runs Osaka', (hardfork) => {
  let chainsim: Chainsim
  let client: PublicClient
  beforeAll(async () => {
    chainsim = await startChainsim({ hardfork })
    client = clientOf(chainsim.url)
  })
  afterAll(() => chainsim?.close())

  test('CLZ counts leading zeros: clz(1) = 255', async () => {
    const { data } = await client.call({ account: from, data: CLZ_OF_ONE })
    expect(BigInt(data as Hex)).toBe(255n)
  })

  test('P256VERIFY answers 1 for a valid secp256r1 signature and nothing for a bad one', async () => {
    const { valid, tampered } = p256Input()
    expect((await client.call({ to: P256VERIFY, data: valid })).data).toBe(padHex('0x01', { size: 32 }))
    expect((await client.call({ to: P256VERIFY, data: tampered })).data).toBeUndefined()
  })

  test('MODEXP is priced by EIP-7883 and refuses an input over 1024 bytes (EIP-7823)', async () => {
    const prague = await startChainsim({ hardfork: 'prague' })
    try {
      // EIP-7883 raises the minimum from 200 to 500: the same small input costs 300 more than under Prague.
      expect((await modexpGas(client, SMALL_MODEXP)) - (await modexpGas(clientOf(prague.url), SMALL_MODEXP))).toBe(300n)
    } finally {
      await prague.close()
    }
    await expect(client.call({ account: from, to: MODEXP, data: OVERSIZED_MODEXP, gas: 1_000_000n })).rejects.toThrow()
  })
})

describe('a chain at prague runs Prague', () => {
  let chainsim: Chainsim
  let client: PublicClient
  beforeAll(async () => {
    chainsim = await startChainsim({ hardfork: 'prague' })
    client = clientOf(chainsim.url)
  })
  afterAll(() => chainsim?.close())

  test('CLZ is an invalid opcode, named with the fork that introduces it', async () => {
    await expect(client.call({ account: from, data: CLZ_OF_ONE })).rejects.toThrow('invalid opcode: CLZ is not available before osaka; this chain runs prague')
    await expect(client.estimateGas({ account: from, data: CLZ_OF_ONE })).rejects.toThrow('CLZ is not available before osaka; this chain runs prague')
  })

  test('0x100 is no precompile: a valid signature answers nothing', async () => {
    expect((await client.call({ to: P256VERIFY, data: p256Input().valid })).data).toBeUndefined()
  })

  test('MODEXP takes an input over 1024 bytes', async () => {
    const { data } = await client.call({ account: from, to: MODEXP, data: OVERSIZED_MODEXP, gas: 1_000_000n })
    expect(BigInt(data as Hex)).toBe(2n ** 3n % 5n)
  })
})

describe.skipIf(!hasAnvil).each(['osaka', 'prague'])('against Anvil at %s', (hardfork) => {
  let anvil: AnvilProcess
  let chainsim: Chainsim
  beforeAll(async () => {
    ;[anvil, chainsim] = await Promise.all([startAnvil(['--hardfork', hardfork]), startChainsim({ hardfork })])
  }, 60_000)
  afterAll(async () => {
    await chainsim?.close()
    await anvil?.close()
  })

  test('MODEXP costs what Anvil charges, for a small input and a large exponent', async () => {
    const largeExponent = modexpInput('0x03', padHex('0xff', { size: 64, dir: 'right' }), padHex('0x07', { size: 64 }))
    for (const data of [SMALL_MODEXP, largeExponent]) {
      expect(await modexpGas(clientOf(chainsim.url), data)).toBe(await modexpGas(clientOf(anvil.url), data))
    }
  })

  test('CLZ and P256VERIFY answer as Anvil answers', async () => {
    const answer = (client: PublicClient, call: Parameters<PublicClient['call']>[0]) =>
      client.call(call).then(
        (result) => result.data ?? null,
        () => 'refused',
      )
    const { valid } = p256Input()
    for (const call of [
      { account: from, data: CLZ_OF_ONE },
      { to: P256VERIFY, data: valid },
    ]) {
      expect(await answer(clientOf(chainsim.url), call)).toBe(await answer(clientOf(anvil.url), call))
    }
  })
})
