/** Images taken into a draft (a chat message, the Image references): why one was not taken. */
export const intake = {
  pastedName: 'pasted image',
  notImage: '“{{name}}” is not an image.',
  empty: '“{{name}}” is empty.',
  tooLarge: '“{{name}}” is larger than {{max}} MB, the most an image may be here.',
  badName: '“{{name}}” has control characters in its name: rename the file and add it again.',
  badLink: 'Enter a public http(s) link to an image, e.g. https://example.com/photo.jpg.',
} as const;
