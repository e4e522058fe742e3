import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getApiLevel', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getApiLevel', params)

test.beforeAll(async ({ server }) => {
  url = server.url
})

describe('valid params', () => {
  test('level 8, the level Otterscan asks', async () => {
    expect(await call()).toBe(8)
  })
})

describe('invalid params', () => {
  test('a parameter is refused naming it', async () => {
    expect(await refusal('latest')).toMatchObject({ code: -32602 })
  })
})
