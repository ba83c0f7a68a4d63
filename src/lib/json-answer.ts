/**
 * What a value becomes after `JSON.stringify` and `JSON.parse`: a REST answer read with `fetch`
 * delivers dates as ISO strings, whatever the server's output type says. tRPC's own client keeps
 * dates (superjson); code that reads REST answers types them with this instead.
 */
export type JsonAnswer<T> = T extends Date
  ? string
  : T extends string | number | boolean | null
    ? T
    : T extends undefined | ((...args: never[]) => unknown) | symbol
      ? never
      : T extends ReadonlyArray<infer Item>
        ? JsonAnswer<Item>[]
        : T extends object
          ? { [K in keyof T as T[K] extends undefined | ((...args: never[]) => unknown) | symbol ? never : K]: JsonAnswer<T[K]> }
          : never;
