/**
 * The state document's names (issue 37, decision ST-N1). The document spells every field in snake_case, as
 * openapi/admin.yaml declares it (`State…`); several units hold their records in camelCase, as their code
 * spells them. The document is the contract, so the names are translated at its edge, guided by the schema:
 * a field is renamed only where the schema declares it, never inside what it leaves free-form (a document's
 * `metadata`, a webhook's signed body), so data keys are kept as they are.
 *
 * `toDocument` gives the document's spelling of a unit's export (a save); it also reads a version 1 document,
 * whose fields are the units' own spellings, and tells where it renamed something. `fromDocument` gives
 * back the units' spelling (a load).
 */
import { loadDocuments } from '../contract/documents.js';

type Schema = Record<string, unknown>;

/**
 * The objects of the state document whose fields the units hold in camelCase, by their place under
 * `components.schemas`; every other object holds its fields as the document spells them. A unit whose record
 * changes spelling changes here (the state document's round-trip tests fail otherwise).
 */
const CAMEL_STORED: ReadonlySet<string> = new Set([
  'StateClockAnchor',
  'StateSharedScenarios/properties/active/oneOf/1',
  'StateOrgOrgs/properties/org',
  'StateOrgOrgs/properties/keys/items',
  'StateOrgWsTokens/properties/tokens/items',
  'StateWebhookEndpoint',
  'StateWebhookDelivery',
  'StateWebhookAttempt',
  'StateOrgBilling',
  'StateOrgBilling/properties/balance',
  'StateOrgBilling/properties/ledger',
  'StateOrgBilling/properties/thresholds/items/oneOf/1',
  'StateBillingLedgerEntry',
  'StateOrgRateLimits/properties/overrides/items',
  'StateOrgRateLimits/properties/windows/items',
  'StateSttPendingJob',
  'StateSttPendingJob/properties/principal',
  'StateRagTenant',
  'StateRagTenant/properties/durations',
  'StateRagDocument',
  'StateRagJob',
  'StateOrgSandboxes/properties/sandbox/properties/clock/oneOf/1/properties/start',
]);

export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelCase = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** A field's or section's name as version 2 spells it, from version 1's (`orgId`, `rate-limits`). */
const docSpelling = (name: string): string => snakeCase(name).replace(/-/g, '_');

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Member {
  doc: string;
  stored: string;
  shape: Shape;
}

/** What the schemas at one place of the document say about names: its fields, its items, its map values. */
class Shape {
  private built = false;
  private readonly byDoc = new Map<string, Member>();
  private readonly byStored = new Map<string, Member>();
  private items: Shape | undefined;
  private values: Shape | undefined;

  constructor(private readonly schemas: readonly [Schema, string][]) {}

  private build(): void {
    if (this.built) return;
    this.built = true;
    const fields = new Map<string, { stored: string; schemas: [Schema, string][] }>();
    const items: [Schema, string][] = [];
    const values: [Schema, string][] = [];
    for (const [node, at] of alternatives(this.schemas)) {
      if (isObject(node.properties)) {
        const camel = CAMEL_STORED.has(at);
        for (const [name, schema] of Object.entries(node.properties)) {
          if (!isObject(schema)) continue;
          let field = fields.get(name);
          if (!field) fields.set(name, (field = { stored: camel ? camelCase(name) : name, schemas: [] }));
          field.schemas.push([schema, `${at}/properties/${name}`]);
        }
      }
      if (isObject(node.items)) items.push([node.items, `${at}/items`]);
      if (isObject(node.additionalProperties))
        values.push([node.additionalProperties, `${at}/additionalProperties`]);
    }
    for (const [doc, { stored, schemas }] of fields) {
      const member = { doc, stored, shape: new Shape(schemas) };
      this.byDoc.set(doc, member);
      this.byStored.set(stored, member);
    }
    if (items.length) this.items = new Shape(items);
    if (values.length) this.values = new Shape(values);
  }

  /** The names of one of its fields (by the document's spelling). */
  field(doc: string): Shape | undefined {
    this.build();
    return this.byDoc.get(doc)?.shape;
  }

  /**
   * Whether no value at this place ever changes: every field below is spelled alike in the document and in the
   * units, and none has another spelling that leads to it (no `_` in its name). A document's text, its
   * metadata and most lists are walked no further (a large state is mostly those).
   */
  private fixed(seen?: Set<Shape>): boolean {
    if (this.fixedCache !== undefined) return this.fixedCache;
    const top = seen === undefined;
    seen ??= new Set();
    // A place met again inside its own subtree (a schema that refers to itself) adds nothing new: assumed
    // fixed there, and only the answer of the place the question started from is kept, never one that
    // rested on that assumption.
    if (seen.has(this)) return true;
    seen.add(this);
    this.build();
    let fixed = true;
    for (const m of this.byDoc.values())
      if (m.doc !== m.stored || m.doc.includes('_') || !m.shape.fixed(seen)) fixed = false;
    if (this.items && !this.items.fixed(seen)) fixed = false;
    if (this.values && !this.values.fixed(seen)) fixed = false;
    if (top) this.fixedCache = fixed;
    return fixed;
  }

  private fixedCache: boolean | undefined;

  /**
   * A value in the document's spelling; `renamed` hears each field spelled otherwise (a version 1 name), with
   * its JSON pointer under `path`. What does not change is returned as it is, not copied.
   */
  toDocument(value: unknown, path: string, renamed?: (path: string, doc: string) => void): unknown {
    return this.walk(value, 'document', { path, segments: [], renamed });
  }

  /** A value in the units' spelling, from one in the document's (already checked against the schema). */
  fromDocument(value: unknown): unknown {
    return this.walk(value, 'units', { path: '', segments: [] });
  }

  private walk(value: unknown, to: 'document' | 'units', at: WalkContext): unknown {
    if (typeof value !== 'object' || value === null || this.fixed()) return value;
    if (Array.isArray(value)) {
      const items = this.items;
      if (!items) return value;
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        at.segments.push(i);
        const changed = items.walk(v, to, at);
        at.segments.pop();
        if (changed !== v) out ??= value.slice(0, i);
        out?.push(changed);
      }
      return out ?? value;
    }
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const v = object[key];
      let name = key;
      let shape = this.values;
      const member = to === 'units' ? this.byDoc.get(key) : this.documentMember(key);
      if (member) {
        name = to === 'units' ? member.stored : member.doc;
        shape = member.shape;
        if (to === 'document' && name !== key) {
          at.renamed?.(pointerOf(at, key), name);
          // The same field twice (`orgId` and `org_id`): the document's spelling wins, the schema sees both.
          if (name in object) name = key;
        }
      }
      at.segments.push(name);
      const changed = shape ? shape.walk(v, to, at) : v;
      at.segments.pop();
      if (!out && (name !== key || changed !== v)) {
        out = {};
        for (let j = 0; j < i; j++) out[keys[j]] = object[keys[j]];
      }
      if (out) out[name] = changed;
    }
    return out ?? value;
  }

  /** The field a key of a unit's export, or of a version 1 document, is in the document. */
  private documentMember(key: string): Member | undefined {
    return this.byDoc.get(key) ?? this.byDoc.get(docSpelling(key)) ?? this.byStored.get(key);
  }
}

interface WalkContext {
  /** Where the walk started (`/orgs/org_x`), and the fields and indexes below it. */
  path: string;
  segments: (string | number)[];
  renamed?: (path: string, doc: string) => void;
}

/** The JSON pointer of `key` where the walk is (only built when something is renamed). */
function pointerOf(at: WalkContext, key: string): string {
  return `${at.path}${at.segments.map((s) => `/${s}`).join('')}/${key}`;
}

/**
 * The object schemas a value at this place may be checked against: the schemas themselves and what their
 * `$ref`, `allOf`, `oneOf`, `anyOf` and `if`/`then`/`else` lead to, each with its place (for CAMEL_STORED).
 */
function alternatives(schemas: readonly [Schema, string][]): [Schema, string][] {
  const out: [Schema, string][] = [];
  const seen = new Set<Schema>();
  const visit = (node: Schema, at: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    out.push([node, at]);
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const name = node.$ref.slice('#/components/schemas/'.length);
      const target = componentSchemas()[name];
      if (isObject(target)) visit(target, name);
    }
    for (const k of ['allOf', 'oneOf', 'anyOf'])
      if (Array.isArray(node[k]))
        (node[k] as unknown[]).forEach((m, i) => isObject(m) && visit(m, `${at}/${k}/${i}`));
    for (const k of ['if', 'then', 'else']) if (isObject(node[k])) visit(node[k], `${at}/${k}`);
  };
  for (const [node, at] of schemas) visit(node, at);
  return out;
}

function componentSchemas(): Record<string, unknown> {
  return (loadDocuments().admin.components?.schemas ?? {}) as Record<string, unknown>;
}

const shapes = new Map<string, Shape>();
const EMPTY = new Shape([]);

/**
 * The names of one section (`StateOrg` or `StateShared`, and the unit's name): a unit's export in the
 * document's spelling. A unit the schema has no section for is written as it is (the load refuses it).
 */
export function sectionShape(container: 'StateOrg' | 'StateShared', unitName: string): Shape {
  return shapeOf(container).field(unitName) ?? EMPTY;
}

/** The names of the document at the named schema (`StateOrgBilling`, `StateShared`…). */
export function shapeOf(schemaName: string): Shape {
  let shape = shapes.get(schemaName);
  if (!shape) {
    const schema = componentSchemas()[schemaName];
    if (!isObject(schema)) throw new Error(`openapi/admin.yaml has no schema ${schemaName}`);
    shapes.set(schemaName, (shape = new Shape([[schema, schemaName]])));
  }
  return shape;
}

export type { Shape };
