/** Which conversation the Chat tab shows, kept as a draft so a restart reopens it (read early by app/first-screen.ts). */
export const SELECTION_DRAFT = 'chat-selection';
export const NO_SELECTION: { id: string } = { id: '' };
