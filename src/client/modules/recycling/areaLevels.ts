import { carea, qarea, sarea, varea } from '../../../shared/resources';
import { lookupKey, screenKey } from '../../crud';

// The area screen walks the hierarchy district → street → community → compound: the tree holds the first three
// levels, the table beside it lists the rows of the level below what is chosen.

export interface AreaLevel {
  resource: string;
  /** The field naming the level above (none for districts). */
  parentField: string | null;
}

export const AREA_LEVELS: readonly AreaLevel[] = [
  { resource: qarea.name, parentField: null },
  { resource: sarea.name, parentField: 'qareaId' },
  { resource: carea.name, parentField: 'sareaId' },
  { resource: varea.name, parentField: 'careaId' },
];

/** Levels shown in the tree: compounds are listed, not branched. */
export const TREE_DEPTH = 3;

/** The lookup every list of the hierarchy is read through (a whole level, or the children of one row). */
export const AREA_LOOKUP = 'GetAllData';

/** A chosen row of the tree, with the ids of the rows above it. */
export interface AreaNode {
  /** 0 district, 1 street, 2 community. */
  depth: number;
  id: number;
  name: string;
  /** `qareaId`, `sareaId`, `careaId` of the node and the rows above it. */
  path: Record<string, number>;
  /** The rows above it, the district first. */
  above: readonly AreaNode[];
}

/** The screen key of the table listing the children of `node` (the districts when nothing is chosen). */
export const tableKeyOf = (node: AreaNode | null): string => screenKey(AREA_LEVELS[node ? node.depth + 1 : 0].resource, 'area');

/** The table's fixed parameter: only the children of the chosen row. */
export function tableScopeOf(node: AreaNode | null): Record<string, number> {
  if (!node) return {};
  const field = AREA_LEVELS[node.depth + 1].parentField!;
  return { [field]: node.id };
}

/** A new row of the table starts under the chosen row and every row above it. */
export const createDefaultsOf = (node: AreaNode | null): Record<string, number> => (node ? { ...node.path } : {});

/** The node a row of a tree level becomes: its own id joins its parent's path under its level's field. */
export function nodeOf(depth: number, row: { id: number; name?: unknown }, parent: AreaNode | null): AreaNode {
  const field = AREA_LEVELS[depth + 1].parentField!;
  return {
    depth, id: row.id, name: typeof row.name === 'string' ? row.name : `#${row.id}`,
    path: { ...parent?.path, [field]: row.id }, above: parent ? [...parent.above, parent] : [],
  };
}

/** The lookup parameters listing the children of a node (the districts for none). */
export const childrenParams = (node: AreaNode | null): Record<string, number> | undefined =>
  node ? { [AREA_LEVELS[node.depth + 1].parentField!]: node.id } : undefined;

/** Cache keys of the lookups the tree reads for the expanded nodes. */
export const childrenKey = (node: AreaNode | null): string =>
  lookupKey(AREA_LEVELS[node ? node.depth + 1 : 0].resource, AREA_LOOKUP, childrenParams(node));

/** Ids in the tree are unique only per level. */
export const nodeKey = (node: Pick<AreaNode, 'depth' | 'id'>): string => `${node.depth}:${node.id}`;
