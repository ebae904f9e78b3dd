/** Whether `error` (or its cause, as Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      if (!constraint) return true;
      return candidate.constraint === constraint || String(candidate.message ?? "").includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}
