// The per-request floor: a bare node:http server that answers every POST with one fixed body, the answer the
// nodes give to the request measured. What chainsim spends above it is the cost of chainsim.
import http from 'node:http'

const [portArg, body] = process.argv.slice(2)
if (!portArg || !body) throw new Error('usage: floorServer PORT BODY')
http
  .createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
      response.end(body)
    })
  })
  .listen(Number(portArg), '127.0.0.1', () => process.stdout.write('listening\n'))
process.on('SIGINT', () => process.exit(0))
