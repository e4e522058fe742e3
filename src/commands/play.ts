import { keepHeapNearLiveSize } from '../heapGrowth.ts'
import { playFiles } from '../scenarios/playFiles.ts'
import type { PlayFilesOptions } from '../scenarios/playFiles.ts'
import { enableCollectionAfterBursts } from '../transports/burstCollector.ts'
import { prepareExplorer } from './explorer.ts'
import { reportFailure } from './failure.ts'
import { onStopRequest } from './stopSignals.ts'

/** `chainsim play`: plays the files and sets the exit code; with `--serve`, serves the played networks until a signal. */
export async function play(files: string[], options: PlayFilesOptions): Promise<void> {
  if (options.serve) {
    enableCollectionAfterBursts()
    keepHeapNearLiveSize()
  }
  const { exitCode, server } = await playFiles(files, options)
  process.exitCode = exitCode
  if (!server) return
  prepareExplorer()
  onStopRequest((reason) => {
    console.error(`\n${reason}: shutting down`)
    server.close().then(
      () => process.exit(0),
      (error: unknown) => reportFailure(error),
    )
  })
}
