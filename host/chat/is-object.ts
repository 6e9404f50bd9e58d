/** A plain object (not null, not an array): what every chunk reader checks a gateway's JSON with. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
