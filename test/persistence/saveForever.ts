// Saves a large state file again and again until killed: the crash-safety test kills it mid-write.
import { STATE_FORMAT, STATE_VERSION, writeStateFile } from '../../src/persistence/stateFile.ts'
import { stubNetwork } from './stubState.ts'

const path = process.argv[2] as string
const big = { format: STATE_FORMAT, version: STATE_VERSION, savedAt: 'later', networks: [stubNetwork(200_000)] } as const
for (;;) await writeStateFile(path, big as never)
