/** Resolves in a task of its own, after what the browser has waiting (a render, a paint, input). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
