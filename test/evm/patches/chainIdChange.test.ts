import { createFeeMarket1559Tx, createTxFromRLP } from '@ethereumjs/tx'
import { createVM } from '@ethereumjs/vm'
import { expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { changeChainId } from '../../../src/evm/patches/chainIdChange.ts'
import { sharedCommonFor } from '../../../src/evm/patches/sharedCommon.ts'

// src/evm/patches/chainIdChange.ts: every copy of a chain's Common shares its chain params, so one write moves them all.
const WHY = 'Common.copy() no longer shares `_chainParams`, or chainId() reads elsewhere: src/evm/patches/chainIdChange.ts must change'
const KEY = new Uint8Array(32).fill(7)

test('the Common, its copies made before and after, and a VM made with it answer the new id', async () => {
  const common = createDevCommon(31337n, 'dev')
  const earlierCopy = common.copy()
  const vm = await createVM({ common })
  changeChainId(common, 4242n)
  expect(common.chainId()).toBe(4242n)
  expect(earlierCopy.chainId(), WHY).toBe(4242n)
  expect(vm.evm.common.chainId(), WHY).toBe(4242n)
  expect(common.copy().chainId()).toBe(4242n)
})

test('a transaction made before the change keeps its id and decodes again; one for the old id is refused after it', () => {
  const common = createDevCommon(31337n, 'dev')
  const before = createFeeMarket1559Tx({ chainId: 31337n, gasLimit: 21_000n, maxFeePerGas: 1n }, { common: sharedCommonFor(common) }).sign(KEY)
  changeChainId(common, 4242n)
  expect(before.common.chainId()).toBe(31337n)
  expect(createTxFromRLP(before.serialize(), { common: before.common }).getSenderAddress()).toEqual(before.getSenderAddress())
  const now = sharedCommonFor(common)
  expect(now.chainId()).toBe(4242n)
  expect(() => createTxFromRLP(before.serialize(), { common: now })).toThrow(/chain ID/)
})
