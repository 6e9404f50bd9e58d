/**
 * The files the Chat tab reads as documents (docs/chat-documents.md), without zod, so the page's
 * composer can offer and sort them at no cost to its first chunk.
 */
/** The largest file a creator may attach as a document (as an attached image: a PDF of a few hundred pages fits). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** What the attach control offers; a plain file must also decode as UTF-8 text. */
export const DOCUMENT_EXTENSIONS = [
  '.txt', '.md', '.markdown', '.csv', '.tsv', '.json', '.yaml', '.yml', '.xml', '.html', '.htm', '.css', '.scss',
  '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.py', '.go', '.rs', '.java', '.kt', '.c', '.h', '.cpp', '.hpp',
  '.cc', '.cs', '.rb', '.php', '.swift', '.sh', '.sql', '.toml', '.ini', '.log', '.pdf',
] as const;

export const isDocumentName = (name: string) => (DOCUMENT_EXTENSIONS as readonly string[]).includes(/\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '');
