import type { VMOpts } from '@ethereumjs/vm'

/**
 * The blockchain a VM is given, answering only what chainsim's VMs ask of it: the hash of an ancestor by number
 * (BLOCKHASH; the EVM calls `getBlock(number)` and reads `hash()`), with nothing stored (`putBlock` does nothing:
 * the chain keeps blocks itself, and runBlock's builder is never used). The VM's blockchain type wants a whole
 * @ethereumjs/blockchain; this object has the three members the VM and EVM call. test/evm/patches/ runs BLOCKHASH
 * through it.
 */
export function hashOnlyBlockchain(hashOf: (number: bigint) => Promise<Uint8Array>): VMOpts['blockchain'] {
  const blockchain = {
    getBlock: async (number: number | bigint) => {
      const hash = await hashOf(BigInt(number))
      return { hash: () => hash }
    },
    putBlock: async () => {},
    shallowCopy: () => blockchain,
  }
  return blockchain as unknown as VMOpts['blockchain']
}
