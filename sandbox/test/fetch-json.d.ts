// Tests read many loosely-typed JSON bodies; zod schemas check the ones that matter.
declare global {
  interface Response {
    json(): Promise<any>;
  }
}
export {};
