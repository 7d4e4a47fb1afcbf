import type { Resource } from '../resource-kit';
import { industrycategory } from './industrycategory';
import { wastecategory } from './wastecategory';
import { wastecode } from './wastecode';

/** The one list of declared resources; server and client derive everything from it. */
export const RESOURCES: readonly Resource[] = [industrycategory, wastecategory, wastecode];

export function findResource(name: string): Resource | undefined {
  const lower = name.toLowerCase();
  return RESOURCES.find((r) => r.name.toLowerCase() === lower);
}

export { industrycategory, wastecategory, wastecode };
