/** A performance mark set when the fork tree first shows blocks: how long the page took to be useful. */
export const FIRST_TREE_MARK = 'chainsim-explorer:first-tree'
