import { z } from 'zod'
import { bundledContracts } from '../../contracts/index.ts'
import { bytesToHex, concatBytes, hexToBytes } from '../../evm/index.ts'
import { encodeArguments, parseType } from '../abi.ts'
import { account, amount, binds, BUNDLED_CONTRACT_NAMES, callExpectation, json, stepBase } from '../schemaParts.ts'
import { resolve, resolveText } from '../values.ts'
import { checkAccount, checkTypes } from './checks.ts'
import { StepFailure } from '../errors.ts'
import { expectReply, must } from './replies.ts'
import { accountAddress, compact, createAddress, quantity, toBytes, withGas } from './requests.ts'
import { defineStep } from './stepKind.ts'

/** A bundled contract's constructor parameter types. */
export function constructorTypes(contract: keyof typeof bundledContracts): string[] {
  const abi = bundledContracts[contract].abi as ReadonlyArray<{ type: string; inputs?: ReadonlyArray<{ type: string }> }>
  return abi.find((entry) => entry.type === 'constructor')?.inputs?.map((input) => input.type) ?? []
}

/** `deploy`: deploys a bundled contract or given creation code; binds the contract's address. */
export const deploy = defineStep({
  kind: 'deploy',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      deploy: z
        .object({
          contract: z.enum(BUNDLED_CONTRACT_NAMES).optional().describe('a bundled contract'),
          bytecode: z.string().optional().describe('creation code (0x hex or $name), instead of `contract`'),
          types: z.array(z.string()).optional().describe('constructor argument types, with `bytecode`'),
          args: z.array(json).optional().describe('constructor arguments'),
          from: account.optional(),
          value: amount.optional(),
          gas: amount.optional(),
        })
        .strict()
        .describe('deploys a contract; binds its address'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'deployStep' }),

  check({ deploy: spec }, c) {
    checkAccount(spec.from, ['deploy', 'from'], c)
    if ((spec.contract === undefined) === (spec.bytecode === undefined)) {
      c.report(['deploy'], 'give `contract` (a bundled contract) or `bytecode`, not both')
    } else if (spec.contract !== undefined) {
      if (spec.types) c.report(['deploy', 'types'], '`types` goes with `bytecode`: a bundled contract has its own')
      const expected = constructorTypes(spec.contract).length
      if ((spec.args ?? []).length !== expected) {
        c.report(['deploy', 'args'], `${spec.contract}'s constructor takes ${expected} argument${expected === 1 ? '' : 's'}, got ${(spec.args ?? []).length}`)
      }
    } else if ((spec.args ?? []).length !== (spec.types ?? []).length) {
      c.report(['deploy', 'args'], `${(spec.types ?? []).length} types for ${(spec.args ?? []).length} arguments`)
    }
    checkTypes(spec.types, ['deploy', 'types'], c)
  },

  async run(step, ctx) {
    const { deploy: spec } = step
    const args = resolve(spec.args ?? [], ctx.bindings) as unknown[]
    const code = spec.contract
      ? hexToBytes(bundledContracts[spec.contract].bytecode)
      : toBytes(resolveText(spec.bytecode as string, ctx.bindings, 'bytecode'), 'bytecode')
    const types = (spec.contract ? constructorTypes(spec.contract) : (spec.types ?? [])).map(parseType)
    const data = concatBytes(code, encodeArguments(types, args, 'the constructor'))
    const from = accountAddress(spec.from ?? 0, ctx)
    const tx = compact({ from, data: bytesToHex(data), value: quantity(spec.value, ctx, 'value'), gas: quantity(spec.gas, ctx, 'gas') })
    const reply = await ctx.network.call('eth_sendTransaction', [await withGas(tx, ctx)])
    if (!reply.ok || step.expect?.error !== undefined) return expectReply(reply, step.expect, ctx)
    const hash = reply.result as string
    const receipt = await must(ctx.network.call('eth_getTransactionReceipt', [hash]), 'eth_getTransactionReceipt')
    let address: string
    if (receipt) {
      const { status, contractAddress } = receipt as { status: string; contractAddress: string | null }
      if (status !== '0x1' || !contractAddress) throw new StepFailure(`the deployment ${hash} reverted`, { actual: receipt })
      address = contractAddress
    } else {
      // Not mined yet (manual mining): the address follows from the sender and its nonce; the step that mines
      // it answers for a deployment that reverts.
      ctx.network.awaitMining(hash, { reverts: false, sentBy: ctx.label })
      const pooled = (await must(ctx.network.call('eth_getTransactionByHash', [hash]), 'eth_getTransactionByHash')) as { nonce: string }
      address = createAddress(from, BigInt(pooled.nonce))
    }
    return expectReply({ ok: true, result: address }, step.expect, ctx)
  },

  describe: (step) => `deploy ${step.deploy.contract ?? 'bytecode'}`,
})
