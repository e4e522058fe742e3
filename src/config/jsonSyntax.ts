/**
 * JSON.parse's refusal with where it is, as the YAML parser writes its own: the reason, `at line L, column C:`,
 * then that line with a caret under the column. JSON.parse says only `at position N` (Node 22 adds the line
 * and column; Node 20 does not), or nothing at the end of the text.
 */
export function describeJsonSyntaxError(error: SyntaxError, text: string): string {
  const at = /\s*in JSON at position (\d+)(?: \(line \d+ column \d+\))?/.exec(error.message)
  const offset = at ? Math.min(Number(at[1]), text.length) : text.length
  const reason = at ? error.message.slice(0, at.index) + error.message.slice(at.index + at[0].length) : error.message
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const lineStart = before.lastIndexOf('\n') + 1
  const lineEnd = text.indexOf('\n', offset)
  const source = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, '')
  const column = offset - lineStart + 1
  return `${reason} at line ${line}, column ${column}:\n\n${source}\n${' '.repeat(column - 1)}^\n`
}
