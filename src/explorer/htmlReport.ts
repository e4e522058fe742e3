import { writeFile } from 'node:fs/promises'
import { explorerAssets } from './assets.ts'
import type { ReportData } from './ui/report.ts'

/**
 * One HTML file that needs no server and no network: the explorer's script and style sheet inline, and the
 * data as JSON in a script element of its own type (never executed; `<` is escaped so that no chain data can
 * close the element).
 */
export async function renderHtmlReport(data: ReportData): Promise<string> {
  const { script, style } = await explorerAssets()
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>chainsim report</title>
<style>${style}</style>
</head>
<body>
<div id="app"></div>
<script type="application/json" id="chainsim-report">${json}</script>
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>
`
}

/** Writes `chainsim play --report FILE`. */
export async function writeHtmlReport(path: string, scenarios: ReportData['scenarios']): Promise<void> {
  await writeFile(path, await renderHtmlReport({ generatedAt: Date.now(), scenarios }))
}
