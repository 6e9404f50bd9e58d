/** Taking files out of the library: Save as…, downloads, dragging out and zip exports (host/library, docs/library-files.md). */
export const files = {
  export: {
    nothing: 'Choose at least one item to export.',
    tooMany: 'Export at most {{max}} items at once; narrow the filters or choose fewer.',
    itemGone: 'An item you chose is no longer in the library. Nothing was exported.',
    fileGone: 'The file of “{{name}}” is no longer in the library folder; it may have been moved or deleted. Nothing was exported.',
    busy: 'Another export is still being written. Wait for it to finish, then try again.',
    collectionGone: 'That collection no longer exists.',
    diskFull: 'The disk that holds {{folder}} is full. Free some space, then export again.',
    noPermission: 'Gateway Studio is not allowed to write to {{folder}}. Choose another folder.',
    failed: 'The export could not be written to {{folder}}: {{reason}}',
  },
  sheet: {
    unknownAxis: 'This batch has no axis “{{axis}}” to lay the contact sheet out by. Choose one of its axes.',
  },
  save: {
    diskFull: 'The disk that holds {{folder}} is full. Free some space, then save again.',
    noPermission: 'Gateway Studio is not allowed to write to {{folder}}. Choose another folder.',
    failed: 'The file could not be saved to {{folder}}: {{reason}}',
  },
  unavailable: 'Saving files out of the studio is not available in this window.',
  dragDesktopOnly: 'Dragging files out of the window works in the desktop app only.',
} as const;
