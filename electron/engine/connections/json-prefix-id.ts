/**
 * The top-level `id` of a JSON-RPC message read from the first bytes of its text only: for a
 * message too large to read whole, so the request it answers can still be failed by name.
 */

/** How much of a message's start is kept to look for its id. */
export const ID_PREFIX_BYTES = 4 * 1024;

/**
 * The string or number `id` member of the JSON object that `prefix` starts, when it appears in
 * `prefix` at the object's top level (an `id` inside `result` is not it); undefined when the
 * object does not start there, has none before the prefix ends, or is not JSON.
 */
export function topLevelIdIn(prefix: string): string | number | undefined {
  const scanner = new Scanner(prefix);
  if (!scanner.take('{')) return undefined;
  for (;;) {
    const key = scanner.string();
    if (key === undefined || !scanner.take(':')) return undefined;
    if (key === 'id') {
      if (scanner.peek() === '"') return scanner.string();
      const id = scanner.number();
      // A number the prefix ends in may be cut ("12" of "1234").
      return scanner.hasMore() ? id : undefined;
    }
    if (!scanner.skipValue() || !scanner.take(',')) return undefined;
  }
}

class Scanner {
  private at = 0;

  constructor(private readonly text: string) {}

  hasMore(): boolean {
    return this.at < this.text.length;
  }

  peek(): string | undefined {
    this.skipSpace();
    return this.text[this.at];
  }

  take(char: string): boolean {
    if (this.peek() !== char) return false;
    this.at += 1;
    return true;
  }

  /** A JSON string at the current position, decoded; undefined if there is none or it is cut. */
  string(): string | undefined {
    if (this.peek() !== '"') return undefined;
    const start = this.at;
    this.at += 1;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '\\') this.at += 2;
      else if (char === '"') {
        this.at += 1;
        try {
          return JSON.parse(this.text.slice(start, this.at)) as string;
        } catch {
          return undefined;
        }
      } else this.at += 1;
    }
    return undefined;
  }

  number(): number | undefined {
    this.skipSpace();
    const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 40));
    if (match === null) return undefined;
    this.at += match[0].length;
    return Number(match[0]);
  }

  /** Moves past one JSON value of any kind; false when it is cut or malformed. */
  skipValue(): boolean {
    const first = this.peek();
    if (first === '"') return this.string() !== undefined;
    if (first !== '{' && first !== '[') {
      const match = /^[^,}\]\s]+/.exec(this.text.slice(this.at, this.at + 40));
      if (match === null) return false;
      this.at += match[0].length;
      return this.hasMore();
    }
    let depth = 0;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '"') {
        if (this.string() === undefined) return false;
        continue;
      }
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') depth -= 1;
      this.at += 1;
      if (depth === 0) return true;
    }
    return false;
  }

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at += 1;
  }
}
