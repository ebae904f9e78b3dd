/** Escapes `%`, `_` and `\` so a typed text matches itself in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
