/**
 * The longest folder name (chat-organise.ts checks it), apart from the schemas so the sidebar's
 * field can hold to it without bringing zod into the page's first load (scripts/first-load.test.ts).
 */
export const FOLDER_NAME_MAX = 80;
