import { afterEach, expect, test } from 'vitest'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { playScenario, type PlayedScenario } from '../../src/scenarios/playScenario.ts'
import { resolve } from '../../src/scenarios/values.ts'
import { ValueError } from '../../src/scenarios/errors.ts'

const played: PlayedScenario[] = []
afterEach(async () => {
  await Promise.all(played.splice(0).map((p) => p.close()))
})
async function play(scenario: object): Promise<PlayedScenario> {
  const result = await playScenario(scenario)
  played.push(result)
  return result
}

test("repeat runs a step N times with $i = 0, 1, ...; its `as` binds every run's value", async () => {
  const { report, names, node } = await play({
    name: 'repeat',
    accounts: { alice: 0 },
    steps: [
      { repeat: 3, send: { from: 'alice', to: '$address($i)', value: '$i' }, as: 'payments' },
      { repeat: 4, rpc: { method: 'eth_getBlockByNumber', params: ['$hex($i)', false] }, as: 'blocks', expect: { fields: { number: { lte: 3 } } } },
    ],
  })
  expect(report.ok, formatReport(report)).toBe(true)
  expect(report.steps.map((s) => s.iterations)).toEqual([3, 4])
  expect(node.head.number).toBe(3n)
  const payments = names['payments'] as string[]
  expect(payments).toHaveLength(3)
  for (const [i, hash] of payments.entries()) {
    const found = node.transaction(hash)
    expect(found?.status === 'mined' && found.location.block.number).toBe(BigInt(i + 1))
  }
  expect((names['blocks'] as Array<{ number: string }>).map((b) => b.number)).toEqual(['0x0', '0x1', '0x2', '0x3'])
  expect(names['i']).toBeUndefined()
})

test('a repeated step stops at its first failing run, and says which', async () => {
  const { report } = await play({
    name: 'repeat fails',
    steps: [
      { mine: 2 },
      { name: 'blocks up to 3', repeat: 5, rpc: { method: 'eth_getBlockByNumber', params: ['$hex($i)', false] }, expect: { fields: { number: { lte: 1 } } } },
    ],
  })
  expect(report.steps[1]).toMatchObject({ status: 'failed', iterations: 3 })
  expect(report.steps[1]!.failures![0]!.message).toBe('run $i = 2: result.number: expected {"lte":1}, got "0x2"')
})

test('$range, $address and $word make lists', () => {
  const bindings = new Map<string, unknown>([['n', 3]])
  expect(resolve('$range(0, 3)', bindings)).toEqual([0, 1, 2])
  expect(resolve('$range(2, $n)', bindings)).toEqual([2])
  expect(resolve('$address($range(254, 256))', bindings)).toEqual(['0x00000000000000000000000000000000000000fe', '0x00000000000000000000000000000000000000ff'])
  expect(resolve('$hex($range(9, 11))', bindings)).toEqual(['0x9', '0xa'])
  expect(resolve('$word($range(0, 2))', bindings)).toEqual([`0x${'0'.repeat(64)}`, `0x${'0'.repeat(63)}1`])
  expect(resolve('$range(0, 100000)', bindings)).toHaveLength(100_000)
  expect(() => resolve('$range(5, 2)', bindings)).toThrow(new ValueError('$range(5, 2): the end 2 is below the first 5'))
  expect(() => resolve('$range(0, 2000000)', bindings)).toThrow('$range(0, 2000000): 2000000 integers, more than 1000000')
  expect(() => resolve('$range(7)', bindings)).toThrow('$range(7): expected two integers, $range(first, end)')
  expect(() => resolve(`$address(${2n ** 160n})`, bindings)).toThrow('does not fit 20 bytes')
})
