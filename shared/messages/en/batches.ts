/** Batch runs (host/batches, docs/batches.md): refusals before anything is queued, and the batch's actions. */
export const batches = {
  batch: {
    gone: 'That batch is no longer in the list.',
    refused: 'Cell {{cell}} cannot be sent: {{message}} Nothing was queued.',
    wrongKind: 'This cell is a {{route}} job, but the batch holds {{kind}} jobs.',
    coordsMissing: "This cell has no value for the axis '{{axis}}'.",
    notOver: 'This batch still has jobs waiting or running: cancel what is not yet sent, or wait for the rest to end, before removing it.',
    noCell: 'This batch has no cell {{cell}}.',
    nothingToRetry: 'No cell of this batch has failed, so there is nothing to try again.',
  },
  sheet: {
    unavailable: 'Exporting a contact sheet is not available in this version yet.',
  },
} as const;
