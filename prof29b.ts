import { readFileSync } from 'node:fs'
import { readFrames } from './src/persistence/journalFile.ts'
import { ImageReader } from './src/persistence/imageCodec.ts'
const bytes = readFileSync('/tmp/k29/prof.state')
for (let round = 0; round < 3; round++) {
  const t = performance.now(); const c = process.cpuUsage()
  const { payloads } = readFrames(bytes)
  const reader = new ImageReader()
  for (const p of payloads) reader.read(p)
  const n = reader.networks()
  const u = process.cpuUsage(c); console.log('decode', Math.round(performance.now() - t), 'cpu', Math.round((u.user + u.system) / 1000), [...n.values()][0]!.image.blocks.length)
}
