// Valid and invalid field values for any declared resource, derived from its field declarations only, so the
// contract test covers every resource added to RESOURCES without being edited.
import type { FieldDef, Resource } from '../../src/shared/resource-kit';
import { DEFAULT_TIME_ZONE, formatInstant, parseInstant } from '../../src/shared/time';
import { findResource } from '../../src/shared/resources';
import { creditCodeCheckChar, idCardCheckChar } from '../../src/shared/validators';
import { ok, type ApiClient } from './server-fixtures';
import { svc, unique } from './server-harness';

export type Body = Record<string, unknown>;

/** What the generator needs from the server: rows to reference and values already taken by unique fields. */
export interface ValueSource {
  /**
   * The id of some existing row of the named resource (for reference fields), matching the GetAll filters given
   * (a transporter: `{corporateType: 3}`); a matching row is created when there is none.
   */
  referenceId(resourceName: string, filters?: Record<string, unknown>): Promise<number>;
  /** One row by id, as Get returns it. */
  row(resourceName: string, id: number): Promise<Record<string, unknown>>;
  /** Every value a unique field already holds in the caller's tenant. */
  takenValues(resource: Resource, fieldName: string): Promise<Set<string>>;
}

// ---------------------------------------------------------------------------------------------------------------
// Random strings matching a regular expression: enough of the syntax for declaration patterns (anchors, groups,
// alternation, character classes, \d \w, quantifiers).

type Node =
  | { type: 'chars'; options: string[] }
  | { type: 'group'; alternatives: Node[][] }
  | { type: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789'.split('');
const WORD = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', ...DIGITS, '_'];

class PatternParser {
  private index = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternatives();
    if (this.index < this.source.length) throw new Error(`Unsupported pattern ${this.source} at ${this.index}`);
    return node;
  }

  private alternatives(): Node {
    const alternatives: Node[][] = [this.sequence()];
    while (this.source[this.index] === '|') {
      this.index++;
      alternatives.push(this.sequence());
    }
    return { type: 'group', alternatives };
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.index < this.source.length && this.source[this.index] !== '|' && this.source[this.index] !== ')') {
      const atom = this.atom();
      if (atom) nodes.push(this.quantified(atom));
    }
    return nodes;
  }

  private atom(): Node | null {
    const c = this.source[this.index++];
    if (c === '^' || c === '$') return null;
    if (c === '(') {
      if (this.source.startsWith('?:', this.index)) this.index += 2;
      const group = this.alternatives();
      if (this.source[this.index++] !== ')') throw new Error(`Unclosed group in ${this.source}`);
      return group;
    }
    if (c === '[') return this.charClass();
    if (c === '\\') return { type: 'chars', options: this.escape(this.source[this.index++]) };
    if (c === '.') return { type: 'chars', options: WORD };
    return { type: 'chars', options: [c] };
  }

  private escape(c: string): string[] {
    if (c === 'd') return DIGITS;
    if (c === 'w') return WORD;
    if (c === 's') return [' '];
    return [c];
  }

  private charClass(): Node {
    if (this.source[this.index] === '^') throw new Error(`Negated classes are not supported: ${this.source}`);
    const options: string[] = [];
    while (this.source[this.index] !== ']') {
      if (this.index >= this.source.length) throw new Error(`Unclosed class in ${this.source}`);
      let c = this.source[this.index++];
      if (c === '\\') {
        options.push(...this.escape(this.source[this.index++]));
        continue;
      }
      if (this.source[this.index] === '-' && this.source[this.index + 1] !== ']') {
        const end = this.source[this.index + 1];
        this.index += 2;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++) options.push(String.fromCharCode(code));
        continue;
      }
      options.push(c);
      c = '';
    }
    this.index++;
    return { type: 'chars', options };
  }

  private quantified(node: Node): Node {
    const c = this.source[this.index];
    if (c === '?') { this.index++; return { type: 'repeat', node, min: 0, max: 1 }; }
    if (c === '*') { this.index++; return { type: 'repeat', node, min: 0, max: 3 }; }
    if (c === '+') { this.index++; return { type: 'repeat', node, min: 1, max: 3 }; }
    if (c === '{') {
      const end = this.source.indexOf('}', this.index);
      const [min, max] = this.source.slice(this.index + 1, end).split(',');
      this.index = end + 1;
      return { type: 'repeat', node, min: Number(min), max: max === undefined ? Number(min) : max === '' ? Number(min) + 3 : Number(max) };
    }
    return node;
  }
}

const pickOne = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)];

function generate(node: Node, random: () => number): string {
  switch (node.type) {
    case 'chars': return pickOne(node.options, random);
    case 'group': return pickOne(node.alternatives, random).map((n) => generate(n, random)).join('');
    case 'repeat': {
      const count = node.min + Math.floor(random() * (node.max - node.min + 1));
      return Array.from({ length: count }, () => generate(node.node, random)).join('');
    }
  }
}

/** The whole-value test the server applies to a declared pattern. */
export const matchesPattern = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`).test(value);

/** A random string matching `pattern` (and at most `maxLength` long) that is not in `taken`. */
export function sampleFromPattern(pattern: string, options: { maxLength?: number; taken?: Set<string>; random?: () => number } = {}): string {
  const random = options.random ?? Math.random;
  const tree = new PatternParser(pattern).parse();
  for (let attempt = 0; attempt < 5000; attempt++) {
    const value = generate(tree, random);
    if (options.maxLength !== undefined && value.length > options.maxLength) continue;
    if (!matchesPattern(pattern, value) || options.taken?.has(value)) continue;
    return value;
  }
  throw new Error(`No free value found for pattern ${pattern}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Values for named checks: valid by construction, distinct by randomness, ordered alike in every collation.

const randomDigits = (n: number) => Array.from({ length: n }, () => DIGITS[Math.floor(Math.random() * 10)]).join('');

export function sampleForCheck(check: 'creditCode' | 'idCard' | 'plateNumber', taken?: Set<string>): string {
  for (let attempt = 0; attempt < 1000; attempt++) {
    let value: string;
    if (check === 'creditCode') {
      const body = `91330106${randomDigits(9)}`;
      value = body + creditCodeCheckChar(body);
    } else if (check === 'idCard') {
      const body = `330106${1960 + Math.floor(Math.random() * 40)}0${1 + Math.floor(Math.random() * 9)}1${Math.floor(Math.random() * 9)}${randomDigits(3)}`;
      value = body + idCardCheckChar(body);
    } else {
      value = `浙A${randomDigits(5)}`;
    }
    if (!taken?.has(value)) {
      taken?.add(value);
      return value;
    }
  }
  throw new Error(`No free ${check} value`);
}

/** A value of the right shape that fails the named check (a wrong check character, a plate of no province). */
export function failingCheckValue(check: 'creditCode' | 'idCard' | 'plateNumber'): string {
  if (check === 'plateNumber') return 'XA12345';
  const valid = sampleForCheck(check);
  const last = valid.slice(-1);
  return valid.slice(0, -1) + (last === '0' ? '1' : '0');
}

/** The enterprise field of a row of `resource` that says who owns it (`id` for enterprises themselves). */
export function ownerField(resource: Resource): string | null {
  const scope = resource.enterpriseScope;
  if (!scope) return null;
  if (scope === 'self') return 'id';
  return 'fields' in scope ? scope.fields[0] : scope.parent;
}

// ---------------------------------------------------------------------------------------------------------------
// Values per field kind.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Lower-case ASCII letters and digits only: every collation (C, en_US, ICU) orders such texts alike. */
function plainText(marker: string, seq: number, maxLength: number | undefined): string {
  const tail = Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
  const text = `${marker}${String.fromCharCode(97 + (seq % 26))}${tail}`;
  return maxLength === undefined ? text : text.slice(0, maxLength);
}

/** Fields that can carry the keyword marker: free text without a format. */
export const canCarryMarker = (def: FieldDef) =>
  (def.kind === 'text' || (def.kind === 'string' && !def.pattern && !def.check)) && (def.maxLength ?? Infinity) >= 12;

/**
 * A valid value for one field. `seq` makes values of different rows distinct and ordered (row 0 < row 1 < row 2 for
 * every kind), which the sorting checks rely on; `marker` goes into free-text fields so `Keyword` finds the rows.
 */
export async function validValue(
  resource: Resource, name: string, def: FieldDef, seq: number, marker: string, source: ValueSource, body: Body = {},
): Promise<unknown> {
  if (def.example !== undefined) return def.example;
  switch (def.kind) {
    case 'string': {
      if (def.check) return sampleForCheck(def.check, def.unique ? await source.takenValues(resource, name) : undefined);
      if (def.pattern) {
        const taken = def.unique ? await source.takenValues(resource, name) : undefined;
        const value = sampleFromPattern(def.pattern, { maxLength: def.maxLength, taken });
        taken?.add(value);
        return value;
      }
      return plainText(marker, seq, def.maxLength);
    }
    case 'text': return plainText(marker, seq, def.maxLength);
    case 'integer': {
      const low = def.min ?? 0;
      return Math.min(low + 1 + seq, def.max ?? Number.MAX_SAFE_INTEGER);
    }
    case 'decimal': {
      const low = def.min ?? (def.greaterThan !== undefined ? def.greaterThan : 0);
      const value = Math.min(low + 1.25 + seq, def.max ?? 1e9);
      // No more decimals than the column keeps (a battery minimum of 0.1 %), or the stored value differs from the sent one.
      return def.scale === undefined ? value : Math.round(value * 10 ** def.scale) / 10 ** def.scale;
    }
    case 'boolean': return seq % 2 === 1;
    case 'date': return `2024-03-${String(10 + seq).padStart(2, '0')}`;
    case 'datetime': return `2024-03-${String(10 + seq).padStart(2, '0')}T08:30:00`;
    case 'enum': {
      const values = def.enum.options.map((o) => o.value);
      const value = values[seq % values.length];
      return def.multiple ? [value] : value;
    }
    case 'reference': {
      const filters: Record<string, unknown> = { ...def.where };
      // An enterprise another field must share (a receipt's waste record) is of the kind that field's rows need.
      if (def.resource === 'EnterpriseInformation') {
        for (const dependent of Object.values(resource.fields)) {
          if (dependent.kind !== 'reference' || dependent.sameEnterpriseAs !== name) continue;
          const target = findResource(dependent.resource)!;
          const ownerDef = target.fields[ownerField(target)!];
          if (ownerDef?.kind === 'reference') Object.assign(filters, ownerDef.where);
        }
      }
      if (def.sameEnterpriseAs) {
        // The row the other field names decides the enterprise this one must belong to.
        const other = resource.fields[def.sameEnterpriseAs];
        if (other.kind !== 'reference') throw new Error(`${resource.name}.${name}: sameEnterpriseAs must name a reference`);
        const otherRow = await source.row(other.resource, body[def.sameEnterpriseAs] as number);
        const target = findResource(def.resource)!;
        filters[ownerField(target)!] = otherRow[ownerField(findResource(other.resource)!)!];
      }
      // A row within the areas chosen above (a street of the district already in the body).
      for (const shared of def.within ?? []) filters[shared] = body[shared];
      const id = await source.referenceId(def.resource, filters);
      return def.multiple ? [id] : id;
    }
    case 'files': return [];
  }
}

/**
 * A complete valid create body: every declared field a client may send, required or not, in declaration order. The
 * first row of a tree (`root`) has no parent: an optional reference to its own resource is left out.
 */
export async function validBody(resource: Resource, seq: number, marker: string, source: ValueSource, root = false): Promise<Body> {
  const body: Body = {};
  for (const [name, def] of Object.entries(resource.fields)) {
    if (def.managed || (root && def.kind === 'reference' && def.resource === resource.name && !def.required)) continue;
    body[name] = await validValue(resource, name, def, seq, marker, source, body);
  }
  return body;
}

/** Dates and times no calendar or clock has: every date and date-time input refuses each of them with a 400. */
export const IMPOSSIBLE_DATES = ['2026-02-30', '2026-13-45', 'notadate', '2026-11-28T24:00:01', '0000-01-01', '2026-11-28T10:00:00+15:00'] as const;

/** A value of the wrong JSON type for the field (or of the right type but impossible), always refused. */
export function wrongTypeValue(def: FieldDef): unknown {
  switch (def.kind) {
    case 'string':
    case 'text': return { not: 'a string' };
    case 'integer': return 'twelve';
    case 'decimal': return 'a lot';
    case 'boolean': return 'maybe';
    case 'date':
    case 'datetime': return '2024-02-30';
    case 'enum': return def.multiple ? 'not-a-list' : '__no_such_option__';
    case 'reference': return 'abc';
    case 'files': return 'abc';
  }
}

/** Required fields the client must send (a declared default makes a field optional on create). */
export const requiredFields = (resource: Resource) =>
  Object.entries(resource.fields).filter(([, def]) => def.required && !def.managed && !('default' in def && def.default !== undefined)).map(([name]) => name);

/** How the server hands a sent value back in the DTO. */
export function expectedDtoValue(def: FieldDef, sent: unknown): unknown {
  if (def.kind === 'date' && typeof sent === 'string') return sent.slice(0, 10);
  // A wall time sent without an offset is the tenant's (China's); it comes back as that instant with its offset.
  if (def.kind === 'datetime' && typeof sent === 'string') return formatInstant(parseInstant(sent, DEFAULT_TIME_ZONE)!, DEFAULT_TIME_ZONE);
  return sent;
}

/** Total order used to check `Sorting` for values this generator produces. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

type Paged = { totalCount: number; items: (Body & { id: number })[] };

/** Values and references as seen by one caller over the API (each tenant has its own rows). */
export function apiValueSource(server: ApiClient, token: string): ValueSource {
  const references = new Map<string, Promise<number>>();
  const taken = new Map<string, Promise<Set<string>>>();
  const source: ValueSource = {
    referenceId(resourceName, filters = {}) {
      const key = `${resourceName}:${JSON.stringify(filters)}`;
      if (!references.has(key)) {
        const target = findResource(resourceName)!;
        references.set(key, (async () => {
          const query = { MaxResultCount: 1, Sorting: 'id', ...filters } as Record<string, string | number>;
          const items = ok<Paged>(await server.call('GET', svc(target.name, 'GetAll'), { token, query }), 'GetAll').items;
          if (items[0]) return items[0].id;
          // None yet (a fresh tenant has no transporter): make one that matches.
          const body = await validBody(target, 3, unique('ref'), source, true);
          for (const [field, value] of Object.entries(filters)) {
            const def = target.fields[field];
            body[field] = def?.kind === 'enum' && def.multiple ? [value] : value;
          }
          return ok<Body & { id: number }>(await server.call('POST', svc(target.name, 'Create'), { token, body }), `Create ${resourceName} to reference`).id;
        })());
      }
      return references.get(key)!;
    },
    async row(resourceName, id) {
      return ok<Body>(await server.call('GET', svc(resourceName, 'Get'), { token, query: { Id: id } }), `Get ${resourceName}`);
    },
    takenValues(resource, fieldName) {
      const key = `${resource.name}.${fieldName}`;
      if (!taken.has(key)) {
        taken.set(key, (async () => {
          const values = new Set<string>();
          for (let skip = 0; ; skip += 1000) {
            const page = ok<Paged>(await server.call('GET', svc(resource.name, 'GetAll'), { token, query: { MaxResultCount: 1000, SkipCount: skip } }), 'GetAll');
            for (const item of page.items) values.add(String(item[fieldName]));
            if (skip + 1000 >= page.totalCount) break;
          }
          return values;
        })());
      }
      return taken.get(key)!;
    },
  };
  return source;
}
