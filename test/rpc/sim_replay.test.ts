import { describe, expect } from 'vitest'
import { rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

// A replay's own answers are held in test/replay/ (a fork of a live upstream); here, what any network says.
const test = rpcTest
let url: string
test.beforeAll(async ({ server }) => {
  url = server.url
})

describe('valid params', () => {
  test('a network that replays nothing answers -32000 saying how to replay', async () => {
    for (const params of [[], [{ pause: true }], [{ resume: true }], [{ speed: 'realtime' }], [{ speed: 10 }], [{ to: '0x10' }], [{ to: 16 }]]) {
      expect(await rpcError(url, 'sim_replay', params)).toEqual({
        code: -32000,
        message: 'this network replays nothing: fork it with a last block to replay (--fork-url URL --fork-block N --replay-to M, or fork.replayTo)',
      })
    }
  })
})

describe('invalid params', () => {
  test('a speed, a block or a key that is not one is -32602 naming it', async () => {
    expect(await rpcError(url, 'sim_replay', [{ speed: 'slow' }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^invalid argument 0: .*fast.*realtime/),
    })
    expect(await rpcError(url, 'sim_replay', [{ speed: 0 }])).toMatchObject({ code: -32602 })
    expect(await rpcError(url, 'sim_replay', [{ to: 'soon' }])).toMatchObject({ code: -32602 })
    expect(await rpcError(url, 'sim_replay', [{ pause: 'yes' }])).toMatchObject({ code: -32602, message: expect.stringMatching(/expected boolean/) })
    expect(await rpcError(url, 'sim_replay', [{ rewind: true }])).toMatchObject({ code: -32602 })
    expect(await rpcError(url, 'sim_replay', ['pause'])).toMatchObject({ code: -32602 })
  })
})
