// The contract every declared resource keeps, checked for each entry of RESOURCES from its declaration alone:
// CRUD, keyword, paging, sorting, filters, lookup, validation, permissions and tenant isolation.
import { permissionLabel } from '../../src/shared/navigation';
import type { Resource } from '../../src/shared/resource-kit';
import { referenceDisplayKey, resourcePermissions } from '../../src/shared/resource-kit';
import { maskIdCard } from '../../src/shared/validators';
import { findResource, RESOURCES } from '../../src/shared/resources';
import {
  createTenant, createUser, createRole, expectError, expectSuccess, expectValidationError, ok, tenantPermissionsExcept,
} from '../support/server-fixtures';
import {
  apiValueSource, canCarryMarker, compareValues, expectedDtoValue, failingCheckValue, IMPOSSIBLE_DATES, requiredFields, validBody, wrongTypeValue, type Body,
  type ValueSource,
} from '../support/resource-values';
import { pickerFields } from '../../src/server/crud/picker';
import { DEFAULT_PASSWORD, svc, unique, useTestServer } from '../support/server-harness';

type Dto = Record<string, unknown> & { id: number };
type Paged = { totalCount: number; items: Dto[] };

const server = useTestServer();
let admin: string;
let adminUserId: number;
/** A tenant-1 user whose role has every tenant permission except those of the declared resources. */
let restricted: string;
/** The admin of a second tenant. */
let otherTenant: { id: number; token: string };

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  adminUserId = ok<{ user: { id: number } }>(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: admin }), 'session').user.id;
  const role = await createRole(server, admin, tenantPermissionsExcept(RESOURCES.flatMap(resourcePermissions)));
  const user = await createUser(server, admin, 1, { roleNames: [role.name] });
  restricted = await server.login(1, user.userName, user.password);
  const tenant = await createTenant(server);
  otherTenant = { id: tenant.id, token: await server.login(tenant.id, 'admin', DEFAULT_PASSWORD) };
});
const fieldsOf = (resource: Resource) => Object.entries(resource.fields);
/** Fields a request body may set (managed ones are the server's). */
const writable = (resource: Resource) => fieldsOf(resource).filter(([, def]) => !def.managed);

/** Every sent field comes back as sent; every reference brings its display text. */
async function expectDtoMatches(resource: Resource, dto: Dto, body: Body, token: string) {
  for (const [name, def] of fieldsOf(resource)) {
    if (def.managed) continue;
    expect({ field: name, value: dto[name] }).toEqual({ field: name, value: expectedDtoValue(def, body[name]) });
    if (def.kind === 'reference') {
      const target = findResource(def.resource)!;
      const ids = def.multiple ? (body[name] as number[]) : [body[name] as number];
      const names: unknown[] = [];
      for (const id of ids) {
        names.push(ok<Dto>(await server.call('GET', svc(target.name, 'Get'), { token, query: { Id: id } }), 'Get referenced')[target.displayField]);
      }
      expect({ field: referenceDisplayKey(name), value: dto[referenceDisplayKey(name)] })
        .toEqual({ field: referenceDisplayKey(name), value: def.multiple ? names : names[0] });
    }
  }
}

/** A Create answer without what Create alone shows once (a new device's key): the row as Get shows it. */
function created(dto: Dto): Dto {
  const { deviceKey: _shownOnce, ...row } = dto;
  return row as Dto;
}

/** A row as lists show it: masked fields masked (Get shows them whole). */
function listed(resource: Resource, dto: Dto): Dto {
  const copy = { ...dto };
  for (const [name, def] of fieldsOf(resource)) {
    if (def.kind === 'string' && def.mask === 'idCard' && typeof copy[name] === 'string') copy[name] = maskIdCard(copy[name] as string);
  }
  return copy;
}

// Read-only resources and those created through their own method (transfer orders) have tests of their own.
const STANDARD = RESOURCES.filter((r) => !r.readOnly && !r.createMethod);

/** Pickers that modules serve beside the declared lookup, with the query each needs for one of the test's rows. */
const MODULE_LOOKUPS: Record<string, { method: string; query: (row: Body) => Record<string, string | number> }[]> = {
  HazardouswasteInformation: [{ method: 'GetHazardouswasteInformationList', query: (row) => ({ enterpriseId: Number(row.enterpriseId) }) }],
  Vehicleinformation: [{ method: 'GetListByEfid', query: (row) => ({ efid: Number(row.enterpriseId) }) }],
  Driver: [{ method: 'GetDriverListByEfid', query: (row) => ({ efid: Number(row.enterpriseId) }) }],
};

for (const resource of STANDARD) {
  describe(`${resource.name} (declared resource contract)`, () => {
    const path = (method: string) => svc(resource.name, method);
    const marker = unique('k');
    const markerFields = fieldsOf(resource).filter(([, def]) => def.searchable && canCarryMarker(def)).map(([name]) => name);
    // Managed values are the server's: the rows made here may all hold the same one (a device's last heartbeat, none).
    const sortable = writable(resource).filter(([, def]) => def.sortable).map(([name]) => name);
    const filterable = fieldsOf(resource).filter(([, def]) => def.filterable).map(([name]) => name);
    const searchable = fieldsOf(resource).filter(([, def]) => def.searchable).map(([name]) => name);
    let source: ValueSource;
    const rows: { body: Body; dto: Dto }[] = [];
    /** Finds this test's rows: by the marker, or by the first row's own text when no free-text field is searchable. */
    const keyword = () => (markerFields.length > 0 ? marker : String(rows[0].dto[searchable[0]]));
    // A keyword matches only what its caller is shown: a user without the resource's permission searches the picker's
    // fields (a directory's columns), so their lookups are searched by the marker only where it is shown.
    const shownToAnyone = resource.lookup?.directory ?? pickerFields(resource);
    const shownSearchable = searchable.filter((name) => shownToAnyone.includes(name));
    const markerShown = markerFields.some((name) => shownToAnyone.includes(name));
    const pickerKeyword = () => (markerShown ? marker : String(rows[0].dto[shownSearchable[0] ?? searchable[0]]));
    const list = async (query: Record<string, string | number> = {}, token = admin) =>
      expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token, query: { Keyword: keyword(), ...query } }));

    beforeAll(() => {
      source = apiValueSource(server, admin);
    });

    async function create(seq: number) {
      const body = await validBody(resource, seq, marker, source);
      const dto = created(expectSuccess<Dto>(await server.call('POST', path('Create'), { token: admin, body })));
      rows.push({ body, dto });
      return { body, dto };
    }

    it('Create returns the new row\'s DTO with every field as sent, audit fields and reference names', async () => {
      const { body, dto } = await create(0);
      expect(dto.id).toEqual(expect.any(Number));
      expect(dto.creationTime).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/));
      expect(dto.creatorUserId).toBe(adminUserId);
      expect(dto.lastModificationTime).toBeNull();
      await expectDtoMatches(resource, dto, body, admin);
    });

    it('Get returns the same DTO', async () => {
      const got = expectSuccess<Dto>(await server.call('GET', path('Get'), { token: admin, query: { Id: rows[0].dto.id } }));
      expect(got).toEqual(rows[0].dto);
    });

    it('GetAll finds the row by Keyword (any searchable field), with the same DTO', async () => {
      if (searchable.length === 0) return;
      const result = await list();
      expect(result.totalCount).toBe(1);
      expect(result.items).toEqual([listed(resource, rows[0].dto)]);
      // Keyword matching ignores case.
      expect((await list({ Keyword: keyword().toUpperCase() })).totalCount).toBe(1);
      expect((await list({ Keyword: `${keyword()}-no-such-row` })).totalCount).toBe(0);
    });

    it('pages with SkipCount/MaxResultCount without overlap, and follows the declared default sorting', async () => {
      await create(1);
      await create(2);
      const all = await list({ MaxResultCount: 10 });
      expect(all.totalCount).toBe(3);
      const first = await list({ MaxResultCount: 2 });
      const second = await list({ MaxResultCount: 2, SkipCount: 2 });
      expect(first.items).toHaveLength(2);
      expect(second.items).toHaveLength(1);
      expect(first.totalCount).toBe(3);
      expect(second.totalCount).toBe(3);
      const ids = [...first.items, ...second.items].map((i) => i.id);
      expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.dto.id)));
      expect((await list({ SkipCount: 3 })).items).toEqual([]);

      // Unfiltered pages are full and counted over the whole table.
      const unfiltered = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 3 } }));
      expect(unfiltered.items).toHaveLength(3);
      expect(unfiltered.totalCount).toBeGreaterThanOrEqual(3);
      if (resource.defaultSorting) {
        const [field, direction = 'asc'] = resource.defaultSorting.split(/\s+/);
        const values = all.items.map((i) => i[field]);
        const sorted = [...values].sort(compareValues);
        expect(values).toEqual(direction.toLowerCase() === 'desc' ? sorted.reverse() : sorted);
      }
    });

    it.each(sortable.length > 0 ? sortable : ['(none)'])('sorts by %s ascending and descending', async (field) => {
      if (field === '(none)') return;
      const values = rows.map((r) => r.dto[field]);
      expect(new Set(values.map(String)).size).toBe(values.length); // distinct, so both orders are checkable
      const asc = (await list({ Sorting: `${field} asc` })).items.map((i) => i[field]);
      const desc = (await list({ Sorting: `${field} DESC` })).items.map((i) => i[field]);
      const sorted = [...values].sort(compareValues);
      expect(asc).toEqual(sorted);
      expect(desc).toEqual([...sorted].reverse());
      expect((await list({ Sorting: field })).items.map((i) => i[field])).toEqual(sorted);
    });

    it.each(filterable.length > 0 ? filterable : ['(none)'])('filters GetAll by %s', async (field) => {
      if (field === '(none)') return;
      const row = rows[0].dto;
      const raw = row[field];
      const value = Array.isArray(raw) ? raw[0] : raw;
      const result = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { [field]: String(value), MaxResultCount: 1000 } }));
      expect(result.items.map((i) => i.id)).toContain(row.id);
      for (const item of result.items) {
        const got = item[field];
        expect(Array.isArray(got) ? got : [got]).toContain(value);
      }
    });

    it('serves the lookup list to any logged-in user, matching Keyword', async () => {
      if (!resource.lookup) return;
      const lookup = resource.lookup.method;
      const items = expectSuccess<Dto[]>(await server.call('GET', path(lookup), { token: restricted, query: { Keyword: pickerKeyword() } }));
      if (markerShown) expect(items.map((i) => i.id).sort()).toEqual(rows.map((r) => r.dto.id).sort());
      else if (shownSearchable.length > 0) expect(items.map((i) => i.id)).toContain(rows[0].dto.id);
      else expect(items).toEqual([]);
      for (const item of items) expect(item[resource.lookup.labelField]).toEqual(expect.anything());
      if (!markerShown && markerFields.length > 0) {
        // What the picker hides finds nothing for them, and everything for a holder of the permission.
        expect(expectSuccess<Dto[]>(await server.call('GET', path(lookup), { token: restricted, query: { Keyword: marker } }))).toEqual([]);
        const held = expectSuccess<Dto[]>(await server.call('GET', path(lookup), { token: admin, query: { Keyword: marker } }));
        expect(held.map((i) => i.id).sort()).toEqual(rows.map((r) => r.dto.id).sort());
      }
      const capped = expectSuccess<Dto[]>(await server.call('GET', path(lookup), { token: admin, query: { MaxResultCount: 2 } }));
      expect(capped).toHaveLength(2);
      expectValidationError(await server.call('GET', path(lookup), { token: admin, query: { MaxResultCount: 1001 } }), 'maxResultCount');
      expectError(await server.call('GET', path(lookup)), 401, true);
    });

    it('shows a user without the permission only what a picker needs from every lookup; a holder gets whole rows', async () => {
      const lookups = [
        ...(resource.lookup ? [{ method: resource.lookup.method, query: () => ({ Keyword: pickerKeyword() }) }] : []),
        ...(MODULE_LOOKUPS[resource.name] ?? []),
      ];
      const picker = ['id', ...(resource.lookup?.directory ?? pickerFields(resource))];
      for (const lookup of lookups) {
        const query = lookup.query(rows[0].body);
        const items = expectSuccess<Dto[]>(await server.call('GET', path(lookup.method), { token: restricted, query }));
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect({ [lookup.method]: Object.keys(item).filter((key) => !picker.includes(key)) }).toEqual({ [lookup.method]: [] });
        const whole = expectSuccess<Dto[]>(await server.call('GET', path(lookup.method), { token: admin, query }));
        expect(Object.keys(whole[0])).toEqual(expect.arrayContaining(resource.lookup?.directory ?? resource.fieldNames));
      }
    });

    it('Update changes every field and records who changed it', async () => {
      const target = rows[0];
      const body = await validBody(resource, 5, marker, source);
      const updated = expectSuccess<Dto>(await server.call('PUT', path('Update'), { token: admin, body: { ...body, id: target.dto.id } }));
      expect(updated.id).toBe(target.dto.id);
      await expectDtoMatches(resource, updated, body, admin);
      expect(updated.lastModificationTime).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
      expect(updated.lastModifierUserId).toBe(adminUserId);
      expect(updated.creationTime).toBe(target.dto.creationTime);
      const got = expectSuccess<Dto>(await server.call('GET', path('Get'), { token: admin, query: { Id: target.dto.id } }));
      expect(got).toEqual(updated);
      rows[0] = { body, dto: updated };
    });

    it('Update keeps the fields a body leaves out', async () => {
      const target = rows[1];
      const fresh = await validBody(resource, 7, marker, source);
      // A field whose new value differs from the stored one, so that keeping the others is visible.
      const [name, def] = writable(resource).find(([n, d]) => JSON.stringify(expectedDtoValue(d, fresh[n])) !== JSON.stringify(target.dto[n]))!;
      const updated = expectSuccess<Dto>(await server.call('PUT', path('Update'), { token: admin, body: { id: target.dto.id, [name]: fresh[name] } }));
      expect(updated[name]).toEqual(expectedDtoValue(def, fresh[name]));
      for (const [other, otherDef] of fieldsOf(resource)) {
        // A value derived from the changed field follows it (a record's class, its sub-class).
        if (other !== name && otherDef.derivedFrom !== name) expect({ other, value: updated[other] }).toEqual({ other, value: target.dto[other] });
      }
      rows[1] = { body: { ...target.body, [name]: fresh[name] }, dto: updated };
    });

    it('refuses bad input with 400 naming the field, and changes nothing', async () => {
      const before = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 1 } })).totalCount;
      const valid = await validBody(resource, 9, marker, source);
      const refuse = async (body: Body, member: string, what: string) => {
        const response = await server.call('POST', path('Create'), { token: admin, body });
        try {
          expectValidationError(response, member);
        } catch (error) {
          throw new Error(`${resource.name} Create with ${what}: expected 400 naming ${member}, got ${response.status} ${response.text}\n${String(error)}`);
        }
      };
      for (const name of requiredFields(resource)) {
        const { [name]: _omitted, ...missing } = valid;
        await refuse(missing, name, `${name} missing`);
        await refuse({ ...valid, [name]: null }, name, `${name} null`);
        const def = resource.fields[name];
        if (def.kind === 'string' || def.kind === 'text') await refuse({ ...valid, [name]: '   ' }, name, `${name} blank`);
      }
      for (const [name, def] of writable(resource)) {
        await refuse({ ...valid, [name]: wrongTypeValue(def) }, name, `${name} of the wrong type`);
        if ((def.kind === 'string' || def.kind === 'text') && def.maxLength !== undefined) {
          await refuse({ ...valid, [name]: 'x'.repeat(def.maxLength + 1) }, name, `${name} too long`);
        }
        if (def.kind === 'string' && def.pattern) await refuse({ ...valid, [name]: '!?' }, name, `${name} not matching its pattern`);
        if (def.kind === 'string' && def.check) await refuse({ ...valid, [name]: failingCheckValue(def.check) }, name, `${name} failing its ${def.check} check`);
        if (def.kind === 'reference') await refuse({ ...valid, [name]: 987654321 }, name, `${name} pointing nowhere`);
        if (def.kind === 'enum' && def.multiple) await refuse({ ...valid, [name]: ['__nope__'] }, name, `${name} with an unknown option`);
        if (def.kind === 'date' || def.kind === 'datetime') {
          for (const impossible of IMPOSSIBLE_DATES) await refuse({ ...valid, [name]: impossible }, name, `${name} ${impossible}`);
        }
      }
      const after = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 1 } })).totalCount;
      expect(after).toBe(before);

      // A refused update leaves the row as it was.
      const target = rows[2].dto;
      const [name, def] = fieldsOf(resource)[0];
      expectValidationError(await server.call('PUT', path('Update'), { token: admin, body: { ...valid, id: target.id, [name]: wrongTypeValue(def) } }), name);
      for (const [dateName] of writable(resource).filter(([, d]) => d.kind === 'date' || d.kind === 'datetime')) {
        for (const impossible of IMPOSSIBLE_DATES) {
          expectValidationError(await server.call('PUT', path('Update'), { token: admin, body: { ...valid, id: target.id, [dateName]: impossible } }), dateName);
        }
      }
      expect(expectSuccess(await server.call('GET', path('Get'), { token: admin, query: { Id: target.id } }))).toEqual(target);

      // A tree cannot make a row its own parent.
      for (const [name, def] of fieldsOf(resource)) {
        if (def.kind !== 'reference' || def.resource !== resource.name) continue;
        expectValidationError(await server.call('PUT', path('Update'), { token: admin, body: { id: target.id, [name]: target.id } }), name);
      }
    });

    it('refuses values the database cannot store with 400 naming the field, not a 500', async () => {
      const valid = await validBody(resource, 10, marker, source);
      const before = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 1 } })).totalCount;
      const problems: string[] = [];
      for (const [name, def] of writable(resource)) {
        const cases: [string, unknown][] = [];
        // PostgreSQL text cannot hold U+0000.
        if (def.kind === 'text' || (def.kind === 'string' && !def.pattern)) cases.push(['containing U+0000', 'a\u0000b']);
        // Integer columns are 32-bit.
        if (def.kind === 'integer' && def.max === undefined) cases.push(['beyond 32 bits', 2 ** 31]);
        for (const [what, value] of cases) {
          const response = await server.call('POST', path('Create'), { token: admin, body: { ...valid, [name]: value } });
          const members = response.body?.error?.validationErrors?.flatMap((e) => e.members) ?? [];
          if (response.status !== 400 || !members.includes(name)) problems.push(`${name} ${what}: ${response.status} ${response.text}`);
        }
      }
      expect(problems).toEqual([]);
      expect(expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 1 } })).totalCount).toBe(before);
    });

    it('refuses a value a unique field already holds, on Create and on Update', async () => {
      const uniqueFields = fieldsOf(resource).filter(([, def]) => def.kind === 'string' && def.unique).map(([name]) => name);
      for (const name of uniqueFields) {
        const body = await validBody(resource, 11, marker, source);
        expectValidationError(await server.call('POST', path('Create'), { token: admin, body: { ...body, [name]: rows[0].dto[name] } }), name);
        expectValidationError(await server.call('PUT', path('Update'), { token: admin, body: { id: rows[1].dto.id, [name]: rows[0].dto[name] } }), name);
      }
      expect((await list()).totalCount).toBe(3);
    });

    it('ignores identity, tenant and audit members a body tries to set', async () => {
      const body = await validBody(resource, 17, marker, source);
      const sneaky = {
        ...body, id: rows[1].dto.id, tenantId: otherTenant.id, TenantId: otherTenant.id, isDeleted: true,
        creatorUserId: 987654, creationTime: '2000-01-01T00:00:00', lastModifierUserId: 987654,
      };
      const dto = created(expectSuccess<Dto>(await server.call('POST', path('Create'), { token: admin, body: sneaky })));
      expect(dto.id).not.toBe(rows[1].dto.id);
      expect(dto.creatorUserId).toBe(adminUserId);
      expect(dto.creationTime).not.toMatch(/^2000-/);
      expect(expectSuccess(await server.call('GET', path('Get'), { token: admin, query: { Id: dto.id } }))).toEqual(dto);
      expectError(await server.call('GET', path('Get'), { token: otherTenant.token, query: { Id: dto.id } }), 404);
      expect(expectSuccess(await server.call('GET', path('Get'), { token: admin, query: { Id: rows[1].dto.id } }))).toEqual(rows[1].dto);
      expectSuccess(await server.call('DELETE', path('Delete'), { token: admin, query: { Id: dto.id } }));
    });

    it('refuses to close a loop through a self-reference (a row cannot end up as its own ancestor)', async () => {
      const selfReferences = fieldsOf(resource).filter(([, def]) => def.kind === 'reference' && def.resource === resource.name).map(([name]) => name);
      for (const name of selfReferences) {
        const [a, b] = [rows[1].dto, rows[2].dto];
        expectSuccess(await server.call('PUT', path('Update'), { token: admin, body: { id: b.id, [name]: a.id } }));
        const response = await server.call('PUT', path('Update'), { token: admin, body: { id: a.id, [name]: b.id } });
        expect({ status: response.status, members: response.body?.error?.validationErrors?.flatMap((e) => e.members) ?? null })
          .toEqual({ status: 400, members: [name] });
        // Put both rows back as they were, for the tests that follow.
        for (const row of [rows[1], rows[2]]) {
          rows[rows.indexOf(row)] = { body: row.body, dto: expectSuccess<Dto>(await server.call('PUT', path('Update'), { token: admin, body: { id: row.dto.id, [name]: row.dto[name] } })) };
        }
      }
    });

    it('answers 404 for an id that does not exist', async () => {
      expectError(await server.call('GET', path('Get'), { token: admin, query: { Id: 987654321 } }), 404);
      expectError(await server.call('PUT', path('Update'), { token: admin, body: { ...rows[0].body, id: 987654321 } }), 404);
      expectError(await server.call('DELETE', path('Delete'), { token: admin, query: { Id: 987654321 } }), 404);
      expectValidationError(await server.call('GET', path('Get'), { token: admin, query: {} }), 'id');
    });

    it('answers 403 on all five endpoints to a user without the permission, 200 on the lookup', async () => {
      const row = rows[0];
      const calls: [string, string, object][] = [
        ['GET', 'GetAll', { query: {} }],
        ['GET', 'Get', { query: { Id: row.dto.id } }],
        ['POST', 'Create', { body: await validBody(resource, 13, marker, source) }],
        ['PUT', 'Update', { body: { ...row.body, id: row.dto.id } }],
        ['DELETE', 'Delete', { query: { Id: row.dto.id } }],
      ];
      for (const [verb, method, options] of calls) {
        const response = await server.call(verb, path(method), { token: restricted, headers: { 'Accept-Language': 'en' }, ...options });
        const error = expectError(response, 403, true);
        const names = resourcePermissions(resource).map((p) => permissionLabel(p).en).join(', ');
        expect(error.message).toBe(`Required permissions are not granted. At least one of these permissions must be granted: ${names}`);
      }
      if (resource.lookup) expectSuccess(await server.call('GET', path(resource.lookup.method), { token: restricted }));
      expect(expectSuccess(await server.call('GET', path('Get'), { token: admin, query: { Id: row.dto.id } }))).toEqual(row.dto);
      expect((await list()).totalCount).toBe(3);
    });

    it('keeps tenants apart: another tenant cannot list, Get, Update or Delete the row by id', async () => {
      const row = rows[0].dto;
      const other = otherTenant.token;
      const foreign = await validBody(resource, 15, marker, apiValueSource(server, other));
      for (const tenantHeader of [undefined, 1]) {
        const options = { token: other, tenantId: tenantHeader };
        const listed = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { ...options, query: { Keyword: keyword(), MaxResultCount: 1000 } }));
        expect(listed.items.map((i) => i.id)).not.toContain(row.id);
        expect(listed.totalCount).toBe(0);
        expectError(await server.call('GET', path('Get'), { ...options, query: { Id: row.id } }), 404);
        expectError(await server.call('PUT', path('Update'), { ...options, body: { ...foreign, id: row.id } }), 404);
        expectError(await server.call('DELETE', path('Delete'), { ...options, query: { Id: row.id } }), 404);
        if (resource.lookup) {
          const items = expectSuccess<Dto[]>(await server.call('GET', path(resource.lookup.method), { ...options, query: { Keyword: keyword() } }));
          expect(items.map((i) => i.id)).not.toContain(row.id);
        }
      }
      // Nor point its own rows at the first tenant's rows.
      for (const [name, def] of writable(resource)) {
        if (def.kind !== 'reference') continue;
        const mine = await apiValueSource(server, admin).referenceId(def.resource);
        expectValidationError(await server.call('POST', path('Create'), { token: other, body: { ...foreign, [name]: mine } }), name);
      }
      // The host side has its own rows too.
      const host = await server.token(null, 'admin');
      expect(expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: host, query: { Keyword: keyword() } })).totalCount).toBe(0);
      expectError(await server.call('GET', path('Get'), { token: host, query: { Id: row.id } }), 404);
      // And the row is untouched.
      expect(expectSuccess(await server.call('GET', path('Get'), { token: admin, query: { Id: row.id } }))).toEqual(row);
    });

    it('Delete removes the row: Get answers 404, GetAll no longer lists it, and its unique values are free again', async () => {
      const row = rows[0];
      const before = expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 1 } })).totalCount;
      const response = await server.call('DELETE', path('Delete'), { token: admin, query: { Id: row.dto.id } });
      expect(expectSuccess(response)).toBeNull();
      expectError(await server.call('GET', path('Get'), { token: admin, query: { Id: row.dto.id } }), 404);
      expect((await list({ MaxResultCount: 1000 })).items.map((i) => i.id)).not.toContain(row.dto.id);
      expect(expectSuccess<Paged>(await server.call('GET', path('GetAll'), { token: admin, query: { MaxResultCount: 1 } })).totalCount).toBe(before - 1);
      expectError(await server.call('DELETE', path('Delete'), { token: admin, query: { Id: row.dto.id } }), 404);
      expectError(await server.call('PUT', path('Update'), { token: admin, body: { ...row.body, id: row.dto.id } }), 404);

      const reused = expectSuccess<Dto>(await server.call('POST', path('Create'), { token: admin, body: row.body }));
      expect(reused.id).not.toBe(row.dto.id);
    });
  });
}
