/** How deep objects and arrays may nest in a request body; no API input comes near it. */
export const MAX_JSON_DEPTH = 64;

interface BodyProblem {
  kind: 'depth' | 'nul';
  /** The offending member as a client names it: `emailAddress`, `details[2].name`; for depth, the top-level field. */
  member: string;
}

const NUL = '\u0000';

/**
 * Checks a parsed JSON body against the rules every request body obeys: nesting at most `MAX_JSON_DEPTH` deep (deeper
 * values overflow the stack of whatever recursive code reads them later), and no U+0000 in any string or key
 * (PostgreSQL text cannot hold it). Walks with an explicit stack, so the depth of the body cannot overflow it.
 */
export function checkJsonBody(body: unknown): BodyProblem | undefined {
  const stack: { value: unknown; path: string; depth: number; top: string }[] = [{ value: body, path: '', depth: 0, top: '' }];
  while (stack.length > 0) {
    const { value, path, depth, top } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { kind: 'nul', member: path || 'input' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'depth', member: top || 'input' };
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]`, depth: depth + 1, top: top || `[${i}]` }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const member = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return { kind: 'nul', member: path || 'input' };
      stack.push({ value: item, path: member, depth: depth + 1, top: top || key });
    }
  }
  return undefined;
}
