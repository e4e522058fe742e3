import { describe, expect, test } from 'vitest'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import { ScenarioError } from '../../src/scenarios/errors.ts'

describe("a scenario's abis", () => {
  test('decode its calls and logs on the played network (sim_transaction)', async () => {
    // A contract whose only code emits Noted("hello <b>") with data copied from its calldata: LOG1 of the call's
    // argument bytes under Noted(string)'s topic.
    const played = await playScenario(
      {
        name: 'declared ABI',
        abis: { Notes: ['event Noted(string text)', 'function note(string text)'] },
        steps: [
          { send: { to: '0x00000000000000000000000000000000000000aa', function: 'note(string)', args: ['hello <b>'] }, as: 'sent' },
          { transaction: '$sent', as: 'tx' },
        ],
      },
      { label: 'inline' },
    )
    expect(played.report.ok).toBe(true)
    const { blockHash, transactionIndex } = played.names['tx'] as { blockHash: string; transactionIndex: string }
    const reply = await played.call('sim_transaction', [{ blockHash, index: transactionIndex }])
    expect(reply.ok && (reply.result as { call: unknown }).call).toMatchObject({
      abi: 'Notes',
      name: 'note',
      args: [{ name: 'text', type: 'string', value: 'hello <b>' }],
    })
    await played.close()
  })

  test('an entry viem cannot read is refused with where it is', async () => {
    const error = await playScenario(
      { name: 'bad', abis: { Broken: ['event Fine(uint256 a)', 'event (oops'] }, steps: [{ mine: 1 }] },
      { label: 'inline' },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as ScenarioError).problems[0]).toMatchObject({ path: 'abis.Broken.1' })
    expect((error as ScenarioError).message).toMatch(/not an ABI entry viem can read/)
  })
})
