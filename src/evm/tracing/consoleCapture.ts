import type { Message } from '@ethereumjs/evm'
import type { VM } from '@ethereumjs/vm'

/**
 * Where Hardhat's console.sol sends its calls: an address with no code, so a call to it costs what any call to
 * an empty account costs and returns nothing. It stays that (never a precompile): a precompile is warm from the
 * start and would change the gas of every transaction that logs, where Anvil's and the upstream's would not.
 */
export const CONSOLE_ADDRESS = Uint8Array.from([
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x63, 0x6f, 0x6e, 0x73, 0x6f, 0x6c, 0x65, 0x2e, 0x6c, 0x6f, 0x67,
])

/**
 * Runs `execute` (one runTx on `vm`) with the calldata of every call to console.sol's address collected in
 * the order the calls ran, those of frames that reverted too (Anvil and Hardhat print them). The EVM emits
 * `beforeMessage` for every call frame whether or not anyone listens; a one-argument listener is called
 * synchronously, so listening costs a comparison per frame, and only while `execute` runs.
 */
export async function capturingConsole<T>(vm: VM, execute: () => Promise<T>): Promise<{ value: T; consoleCalls: Uint8Array[] }> {
  const events = vm.evm.events
  if (!events) throw new Error('the EVM has no event emitter to capture console.log with')
  const consoleCalls: Uint8Array[] = []
  const onMessage = (message: Message) => {
    // A call's data is a view of the caller's memory, which the caller goes on writing: copied now.
    if (message.to !== undefined && isConsoleAddress(message.to.bytes)) consoleCalls.push(message.data.slice())
  }
  events.on('beforeMessage', onMessage)
  try {
    return { value: await execute(), consoleCalls }
  } finally {
    events.off('beforeMessage', onMessage)
  }
}

function isConsoleAddress(address: Uint8Array): boolean {
  // Compared from the end: almost every other address already differs in its last byte.
  for (let i = CONSOLE_ADDRESS.length - 1; i >= 0; i--) if (address[i] !== CONSOLE_ADDRESS[i]) return false
  return true
}
