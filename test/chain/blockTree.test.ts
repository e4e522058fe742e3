import { describe, expect, test } from 'vitest'
import { BlockTree } from '../../src/chain/blockTree.ts'
import { CanonicalChain } from '../../src/chain/canonicalChain.ts'
import type { ChainBlock } from '../../src/chain/types.ts'

function fakeBlock(number: bigint, hashKey: string, parentKey: string): ChainBlock {
  return {
    number,
    hashKey,
    parentKey,
    hash: new Uint8Array(32),
    timestamp: number,
    stateRoot: new Uint8Array(32),
    transactions: [],
    logCount: 0,
    header: {} as ChainBlock['header'],
    toBlock: () => ({}) as ReturnType<ChainBlock['toBlock']>,
    encoded: () => new Uint8Array(),
  }
}

describe('BlockTree', () => {
  test('keeps side branches: both children of one parent are found by hash', () => {
    const genesis = fakeBlock(0n, 'g', '')
    const tree = new BlockTree(genesis)
    tree.add(fakeBlock(1n, 'a1', 'g'))
    tree.add(fakeBlock(1n, 'b1', 'g'))
    expect(tree.get('a1')?.number).toBe(1n)
    expect(tree.get('b1')?.parentKey).toBe('g')
    expect(tree.size).toBe(3)
  })

  test('refuses a block whose parent it does not hold', () => {
    const tree = new BlockTree(fakeBlock(0n, 'g', ''))
    expect(() => tree.add(fakeBlock(2n, 'x', 'missing'))).toThrow(/unknown parent/)
  })
})

describe('CanonicalChain', () => {
  test('truncateAbove returns the removed blocks oldest first and forgets their numbers', () => {
    const chain = new CanonicalChain(fakeBlock(0n, 'g', ''))
    chain.append(fakeBlock(1n, 'a1', 'g'))
    chain.append(fakeBlock(2n, 'a2', 'a1'))
    const removed = chain.truncateAbove(0n)
    expect(removed.map((b) => b.hashKey)).toEqual(['a1', 'a2'])
    expect(chain.head.hashKey).toBe('g')
    expect(chain.byNumberOf(1n)).toBeUndefined()
  })

  test('append refuses a gap in numbers', () => {
    const chain = new CanonicalChain(fakeBlock(0n, 'g', ''))
    expect(() => chain.append(fakeBlock(2n, 'x', 'g'))).toThrow(/expected block 1/)
  })
})
