import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from './csv';
import type { Db } from './database';

const SEED_DIR = path.join(__dirname, 'seed-data');
const read = (file: string) => parseCsv(fs.readFileSync(path.join(SEED_DIR, file), 'utf8'));

// Parsed once per process: every tenant gets the same official lists.
let cache: ReturnType<typeof loadFiles> | undefined;
function loadFiles() {
  return {
    categories: read('national-hazardous-waste-categories-2021.csv'),
    codes: read('national-hazardous-waste-list-2021.csv'),
    industries: read('industry-classification-gbt4754-2017.csv'),
  };
}

/**
 * Seeds one tenant (or the host, `null`) with the National Hazardous Waste List 2021 (46 categories, 467 codes) and
 * the GB/T 4754-2017 industry tree (1,971 rows). One statement per table, arrays unnested server-side.
 */
export async function seedReferenceData(tx: Db, tenantId: number | null): Promise<void> {
  cache ??= loadFiles();
  const { categories, codes, industries } = cache;
  const descriptions = new Map<string, string>();
  for (const c of codes) if (!descriptions.has(c.category_code)) descriptions.set(c.category_code, c.category_name);

  await tx.query(
    `insert into waste_category (tenant_id, code, name, description)
     select $1, code, name, null from unnest($2::text[], $3::text[]) as s(code, name)`,
    [tenantId, categories.map((c) => c.category_code), categories.map((c) => c.category_name)]);

  await tx.query(
    `insert into waste_code (tenant_id, code, wastecategory_id, industry_source, description, hazard_characteristics)
     select $1, s.code, c.id, s.source, s.description, string_to_array(s.hazard, ',')
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as s(code, category, source, description, hazard)
       join waste_category c on c.code = s.category and c.tenant_id is not distinct from $1 and not c.is_deleted`,
    [tenantId, codes.map((c) => c.waste_code), codes.map((c) => c.category_code), codes.map((c) => c.industry_source),
      codes.map((c) => c.description), codes.map((c) => c.hazard_characteristics)]);

  // Parents precede children in the file, so levels are inserted top-down and parents resolved by code.
  for (const level of ['section', 'division', 'group', 'class']) {
    const rows = industries.filter((r) => r.level === level);
    await tx.query(
      `insert into industry_category (tenant_id, code, name, level, parent_id)
       select $1, s.code, s.name, $2, p.id
         from unnest($3::text[], $4::text[], $5::text[]) as s(code, name, parent)
         left join industry_category p on p.code = s.parent and p.tenant_id is not distinct from $1 and not p.is_deleted`,
      [tenantId, level, rows.map((r) => r.code), rows.map((r) => r.name), rows.map((r) => r.parent_code)]);
  }
}
