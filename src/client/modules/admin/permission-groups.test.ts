import { createTranslator } from '../../crud';
import { groupPermissions, groupState, OTHER_GROUP, toggleGroup, togglePermission } from './permission-groups';

const zh = createTranslator('zh-CN');

const FROM_SERVER = [
  { name: 'Pages.Wastecode', displayName: 'Waste codes' },
  { name: 'Pages.Users', displayName: 'Users' },
  { name: 'Pages.Users.Activation', displayName: 'Activation' },
  { name: 'Pages.Roles', displayName: 'Roles' },
  { name: 'Pages.Industrycategory', displayName: 'Industry categories' },
  { name: 'Pages.BigData', displayName: 'Big data' },
  { name: 'Pages.Something.New', displayName: '新功能' },
];

describe('groupPermissions', () => {
  const groups = groupPermissions(FROM_SERVER, zh);

  it('puts each permission under the menu group of the route it guards, in menu order, the rest last', () => {
    expect(groups.map((g) => [g.name, g.label])).toEqual([
      ['bigdata', '大数据'],
      ['basicinformation', '基础信息'],
      ['setting', '系统设置'],
      [OTHER_GROUP, '其他'],
    ]);
    expect(groups[1].permissions.map((p) => p.name)).toEqual(['Pages.Industrycategory', 'Pages.Wastecode']);
    // A child permission follows its parent's screen.
    expect(groups[2].permissions.map((p) => p.name)).toEqual(['Pages.Users', 'Pages.Users.Activation', 'Pages.Roles']);
    expect(groups[3].permissions).toEqual([{ name: 'Pages.Something.New', label: '新功能' }]);
  });

  it('labels permissions with the shared texts, falling back to the server’s display name', () => {
    expect(groups[2].permissions.map((p) => p.label)).toEqual(['用户管理', 'Activation', '角色管理']);
  });

  it('toggles a whole group and reports partial groups', () => {
    const setting = groups[2];
    expect(groupState(setting, new Set(['Pages.Users']))).toBe('some');
    const all = toggleGroup(setting, ['Pages.Wastecode', 'Pages.Users'], true);
    expect(all.sort()).toEqual(['Pages.Roles', 'Pages.Users', 'Pages.Users.Activation', 'Pages.Wastecode']);
    expect(groupState(setting, new Set(all))).toBe('all');
    expect(toggleGroup(setting, all, false)).toEqual(['Pages.Wastecode']);
    expect(togglePermission('Pages.Roles', ['Pages.Roles', 'Pages.Users'], false)).toEqual(['Pages.Users']);
    expect(groupState(setting, new Set())).toBe('none');
  });
});
