/** A schema-valid network entry for state-file tests; `size` pooled entries make the file as big as wanted. */
export function stubNetwork(size: number) {
  return {
    name: 'dev',
    chainId: '31337',
    genesis: {},
    blocks: [],
    head: '0x00',
    finality: { safeDepth: '32', finalizedDepth: '64' },
    pool: Array.from({ length: size }, () => `0x${'ab'.repeat(100)}`),
    clock: { mode: { kind: 'wall' as const }, offset: '0' },
    accounts: [],
  }
}
