/**
 * The middle of a run of figures, as the scenarios report it. With an even count there are two
 * middles: `median` takes the lower (a figure some run really measured, and the kinder one to a
 * budget never), `upperMedian` the higher; each scenario keeps the one its recorded figures used.
 */
export const median = (a: readonly number[]) => [...a].sort((x, y) => x - y)[Math.floor((a.length - 1) / 2)];
export const upperMedian = (a: readonly number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
