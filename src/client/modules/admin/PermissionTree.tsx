import { useMemo, useState, type MouseEvent } from 'react';
import { Callout, Checkbox, Classes, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { describeError, useLookup, type Translate } from '../../crud';
import { groupPermissions, groupState, toggleGroup, togglePermission, type PermissionItem } from './permission-groups';
import { propertyOf, textOf } from '../../../shared/json';

interface PermissionTreeProps {
  granted: readonly string[];
  onChange: (granted: string[]) => void;
  t: Translate;
  disabled?: boolean;
}

type NodeData = { group: string } | { permission: string };

// Clicks on a checkbox or its label belong to the checkbox; the tree's row click must not toggle a second time.
const stopClick = (event: MouseEvent) => event.stopPropagation();

/**
 * Permissions as a tree with checkboxes, grouped by menu group (`Role/GetAllPermissions`, through the crud lookup
 * cache). A group's checkbox grants or revokes all of its permissions and shows when only some are granted.
 */
export function PermissionTree({ granted, onChange, t, disabled }: PermissionTreeProps) {
  const lookup = useLookup('Role', 'GetAllPermissions');
  const groups = useMemo(() => groupPermissions(lookup.items.flatMap((item): PermissionItem[] => {
    const name = textOf(item, 'name');
    return name ? [{ name, displayName: textOf(item, 'displayName') }] : [];
  }), t), [lookup.items, t]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const grantedSet = useMemo(() => new Set(granted), [granted]);

  if (lookup.loading && groups.length === 0) return <Spinner size={20} />;
  if (lookup.error) return <Callout intent="danger" compact>{describeError(lookup.error)}</Callout>;

  const known = new Set(groups.flatMap((g) => g.permissions.map((p) => p.name)));
  const count = granted.filter((n) => known.has(n)).length;

  const nodes: TreeNodeInfo<NodeData>[] = groups.map((group) => {
    const state = groupState(group, grantedSet);
    return {
      id: `group:${group.name}`,
      nodeData: { group: group.name },
      hasCaret: true,
      isExpanded: !collapsed.has(group.name),
      label: (
        <span onClick={stopClick}>
          <Checkbox
            data-testid={`perm-group-${group.name}`}
            label={group.label}
            checked={state === 'all'}
            indeterminate={state === 'some'}
            disabled={disabled}
            style={{ margin: 0, fontWeight: 600 }}
            onChange={(e) => onChange(toggleGroup(group, granted, e.currentTarget.checked))}
          />
        </span>
      ),
      secondaryLabel: (
        <span className={Classes.TEXT_MUTED}>
          {group.permissions.filter((p) => grantedSet.has(p.name)).length}/{group.permissions.length}
        </span>
      ),
      childNodes: group.permissions.map((p) => ({
        id: p.name,
        nodeData: { permission: p.name },
        label: (
          <span onClick={stopClick}>
            <Checkbox
              data-testid={`perm-${p.name}`}
              label={p.label}
              checked={grantedSet.has(p.name)}
              disabled={disabled}
              style={{ margin: 0 }}
              onChange={(e) => onChange(togglePermission(p.name, granted, e.currentTarget.checked))}
            />
          </span>
        ),
        secondaryLabel: <span className={Classes.TEXT_MUTED} style={{ fontSize: 12 }}>{p.name}</span>,
      })),
    };
  });

  const setExpanded = (group: string, expanded: boolean) => setCollapsed((current) => {
    const next = new Set(current);
    if (expanded) next.delete(group);
    else next.add(group);
    return next;
  });

  return (
    <div data-testid="permission-tree">
      <div className={Classes.TEXT_MUTED} style={{ marginBottom: 4, fontSize: 12 }} data-testid="permission-count">
        {t('roles.permissionCount', { count, total: known.size })}
      </div>
      <div style={{ maxHeight: 320, overflowY: 'auto', border: '1px solid rgba(17, 20, 24, 0.15)', borderRadius: 2 }}>
        <Tree<NodeData>
          compact
          contents={nodes}
          onNodeExpand={(node) => 'group' in node.nodeData! && setExpanded(node.nodeData.group, true)}
          onNodeCollapse={(node) => 'group' in node.nodeData! && setExpanded(node.nodeData.group, false)}
          onNodeClick={(node) => {
            // A click on the row, not on the checkbox, toggles too: the whole line is the target.
            if (disabled || !node.nodeData) return;
            if ('permission' in node.nodeData) onChange(togglePermission(node.nodeData.permission, granted, !grantedSet.has(node.nodeData.permission)));
            else {
              const group = groups.find((g) => g.name === propertyOf(node.nodeData, 'group'));
              if (group) onChange(toggleGroup(group, granted, groupState(group, grantedSet) !== 'all'));
            }
          }}
        />
      </div>
    </div>
  );
}
