import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rpc } from '../helpers/rpcClient.ts'
import { serveWithArgs } from '../helpers/servedProcess.ts'

// What the banner of `chainsim serve` tells a user who follows the guides: where dev-interval's token is, and that a
// restart restored its state file.
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-banner-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

test("the default networks' banner names dev-interval's token, deployed by account 9, where it is", async () => {
  const served = await serveWithArgs([])
  try {
    expect(served.output()).toMatch(
      /dev-interval {2}chain id 31338 {2}\(every 2000 ms\)\n {2}Token 0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35 \(the ERC-20 its background traffic transfers, deployed by account 9\)/,
    )
  } finally {
    await served.stop()
  }
})

test('a restart from a state file says, per network, that it was restored', async () => {
  const state = join(dir, 'state.bin')
  const first = await serveWithArgs(['--state', state])
  try {
    expect(first.output()).not.toContain('State restored')
    await rpc(first.url, 'evm_mine')
  } finally {
    await first.stop()
  }
  const again = await serveWithArgs(['--state', state])
  try {
    expect(again.output()).toMatch(new RegExp(`dev {2}chain id 31337 {2}\\(automine\\)\\n {2}State restored from ${state.replace(/[.]/g, '\\.')} at block 1`))
  } finally {
    await again.stop()
  }
}, 60_000)
