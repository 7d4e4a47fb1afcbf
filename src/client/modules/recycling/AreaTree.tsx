import { Button, NonIdealState, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { crudActions, selectLookup, useCrudDispatch, useCrudSelector, useCrudTranslation, type LookupState } from '../../crud';
import {
  AREA_LEVELS, AREA_LOOKUP, childrenKey, childrenParams, nodeKey, nodeOf, TREE_DEPTH, type AreaNode,
} from './areaLevels';

const ICONS = ['map', 'map-marker', 'home'] as const;
const ROOT = 'root';
const NOT_ASKED: LookupState = { items: [], loading: false, loaded: false, error: null };

interface AreaTreeProps {
  selected: AreaNode | null;
  onSelect: (node: AreaNode | null) => void;
}

/**
 * Districts, their streets and their communities, each level read when its parent is opened. The lists come from the
 * lookups cache, so a row saved in the table beside it shows here at once (a write drops its resource's lookups).
 */
export function AreaTree({ selected, onSelect }: AreaTreeProps) {
  const { t } = useCrudTranslation();
  const dispatch = useCrudDispatch();
  const [expanded, setExpanded] = useState<Record<string, AreaNode>>({});
  const open = useMemo(() => [null, ...Object.values(expanded)], [expanded]);
  const lists = useCrudSelector((state) => open.map((node) => selectLookup(state, childrenKey(node))), shallowEqual);

  // Every open node's list, asked for again whenever it was dropped from the cache (`loaded` turns false).
  useEffect(() => {
    open.forEach((node, i) => {
      const list = lists[i];
      if (list.loaded || list.loading || list.error) return;
      dispatch(crudActions.lookupRequested({ resource: AREA_LEVELS[node ? node.depth + 1 : 0].resource, method: AREA_LOOKUP, params: childrenParams(node) }));
    });
  }, [dispatch, open, lists]);

  const byNode = new Map(open.map((node, i) => [node ? nodeKey(node) : ROOT, lists[i]]));
  const listOf = (node: AreaNode | null): LookupState => byNode.get(node ? nodeKey(node) : ROOT) ?? NOT_ASKED;

  const build = (depth: number, parent: AreaNode | null): TreeNodeInfo<AreaNode>[] => listOf(parent).items.map((row) => {
    const node = nodeOf(depth, row, parent);
    const key = nodeKey(node);
    const isExpanded = key in expanded;
    const branch = depth < TREE_DEPTH - 1;
    const children = isExpanded ? listOf(expanded[key]) : null;
    return {
      id: key, label: node.name, nodeData: node, icon: ICONS[depth], hasCaret: branch && (!children?.loaded || children.items.length > 0),
      isExpanded: branch && isExpanded, isSelected: selected !== null && nodeKey(selected) === key,
      secondaryLabel: children?.loading ? <Spinner size={12} /> : undefined,
      childNodes: branch && isExpanded ? build(depth + 1, expanded[key]) : undefined,
    };
  });

  const districts = lists[0];
  const contents: TreeNodeInfo<AreaNode>[] = [{
    id: ROOT, label: t('recycling.allDistricts'), icon: 'globe', isExpanded: true, hasCaret: false, isSelected: selected === null,
    secondaryLabel: districts.loading ? <Spinner size={12} /> : undefined, childNodes: build(0, null),
  }];

  const toggle = (node: TreeNodeInfo<AreaNode>, open: boolean) => {
    const area = node.nodeData;
    if (!area) return;
    setExpanded((current) => {
      const next = { ...current };
      if (open) next[nodeKey(area)] = area;
      else for (const key of Object.keys(next)) if (key === nodeKey(area) || isBelow(next[key], area)) delete next[key];
      return next;
    });
  };

  if (districts.error && !districts.loading) {
    return (
      <NonIdealState icon="error" title={t('common.loadFailed')} action={
        <Button icon="refresh" text={t('common.retry')} onClick={() => dispatch(crudActions.lookupRequested({
          resource: AREA_LEVELS[0].resource, method: AREA_LOOKUP, force: true,
        }))} />} />
    );
  }
  return (
    <div data-testid="area-tree">
      <Tree
        contents={contents}
        onNodeClick={(node) => onSelect(node.nodeData ?? null)}
        onNodeExpand={(node) => toggle(node, true)}
        onNodeCollapse={(node) => toggle(node, false)}
      />
    </div>
  );
}

/** Whether `node` lies under `ancestor` (its path names the ancestor at the ancestor's level). */
function isBelow(node: AreaNode, ancestor: AreaNode): boolean {
  const field = AREA_LEVELS[ancestor.depth + 1].parentField!;
  return node.depth > ancestor.depth && node.path[field] === ancestor.id;
}
