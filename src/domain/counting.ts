/**
 * "1 deal", "3 deals", "1 deal ends", "2 deals end": a count with the words that follow it, the one way every screen,
 * email and message says how many. `many` is for words whose plural is not the singular with an "s".
 */
export const countOf = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
