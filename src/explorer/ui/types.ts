// What the sim_ methods answer, as the page reads them: the methods' declared wire types (src/rpc/explorerAnswers.ts),
// imported as types only, so that nothing of the server's code reaches the page's bundle.
export type * from '../../rpc/explorerAnswers.ts'
