import { useMemo } from 'react';
import { Checkbox, FormGroup, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import {
  ResourcePage, useCrudTranslation, useLookup, type ColumnRenderer, type FormSection, type FormSectionContext, type Translate,
} from '../../crud';
import { PASSWORD_MAX_LENGTH, userView } from './views';
import { textOf } from '../../../shared/json';

/** A role as `User/GetRoles` lists it. */
interface RoleOption {
  id: number;
  name: string;
  displayName?: string;
  normalizedName?: string;
}

// Users carry normalized role names ("ADMIN"); compare without case so a plain name matches too.
const roleKey = (role: RoleOption) => (role.normalizedName || role.name).toUpperCase();
const namesOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function useRoles() {
  const lookup = useLookup('User', 'GetRoles');
  const roles = lookup.items.map((item): RoleOption => ({
    id: item.id, name: textOf(item, 'name') ?? '', displayName: textOf(item, 'displayName'), normalizedName: textOf(item, 'normalizedName'),
  }));
  return { ...lookup, roles };
}

function RoleCheckboxes({ values, setValue, disabled, t }: FormSectionContext) {
  const { roles, loading } = useRoles();
  const selected = new Set(namesOf(values.roleNames).map((n) => n.toUpperCase()));
  if (loading && roles.length === 0) return <Spinner size={20} />;
  if (roles.length === 0) return <p>{t('users.noRoles')}</p>;
  const toggle = (role: RoleOption, on: boolean) => {
    const rest = namesOf(values.roleNames).filter((n) => n.toUpperCase() !== roleKey(role));
    setValue('roleNames', on ? [...rest, roleKey(role)] : rest);
  };
  return (
    <div data-testid="form-field-roleNames" role="group" aria-label={t('users.rolesSection')}>
      {roles.map((role) => (
        <Checkbox key={role.id} inline disabled={disabled} data-testid={`role-${roleKey(role)}`}
          label={role.displayName || role.name} checked={selected.has(roleKey(role))}
          onChange={(e) => toggle(role, e.currentTarget.checked)} />
      ))}
    </div>
  );
}

function PasswordFields({ values, setValue, errors, disabled, t }: FormSectionContext) {
  const field = (name: 'password' | 'confirmPassword') => (
    <FormGroup label={t(`users.${name}`)} labelFor={`form-field-${name}`} labelInfo="*" intent={errors[name] ? 'danger' : 'none'}
      helperText={errors[name]} style={{ marginBottom: 10 }}>
      <InputGroup id={`form-field-${name}`} data-testid={`form-field-${name}`} type="password" autoComplete="new-password" fill
        maxLength={PASSWORD_MAX_LENGTH} disabled={disabled} intent={errors[name] ? 'danger' : 'none'}
        value={typeof values[name] === 'string' ? values[name] : ''} onChange={(e) => setValue(name, e.currentTarget.value)} />
    </FormGroup>
  );
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 }}>
      {field('password')}
      {field('confirmPassword')}
    </div>
  );
}

/** The password pair of a new user: required, at most 32 characters, typed twice alike. */
export function validatePassword(values: Record<string, unknown>, t: Translate): Record<string, string | undefined> {
  const password = typeof values.password === 'string' ? values.password : '';
  const confirm = typeof values.confirmPassword === 'string' ? values.confirmPassword : '';
  const label = t('users.password');
  if (password === '') return { password: t('validation.required', { field: label }) };
  if (password.length > PASSWORD_MAX_LENGTH) return { password: t('validation.maxLength', { field: label, max: PASSWORD_MAX_LENGTH }) };
  if (confirm !== password) return { confirmPassword: t('users.passwordMismatch') };
  return {};
}

const CREATE_DEFAULTS = { roleNames: [], password: '', confirmPassword: '' };

/** User management: the generic screen with the role column, role checkboxes and, for a new user, a password. */
export function UsersPage() {
  const { t } = useCrudTranslation();
  const { roles } = useRoles();

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => {
    const labelOf = new Map(roles.map((r) => [roleKey(r), r.displayName || r.name]));
    return {
      roleNames: (row) => (
        <span>
          {namesOf(row.roleNames).map((n) => (
            <Tag key={n} minimal style={{ marginRight: 4 }}>{labelOf.get(n.toUpperCase()) ?? n}</Tag>
          ))}
        </span>
      ),
      isActive: (row) => (
        <Tag minimal intent={row.isActive ? 'success' : 'none'}>{t(row.isActive ? 'common.yes' : 'common.no')}</Tag>
      ),
    };
  }, [roles, t]);

  const sections = useMemo<FormSection[]>(() => [
    {
      key: 'password',
      title: t('users.passwordSection'),
      mode: 'create',
      valueKeys: ['password'],
      render: (ctx) => <PasswordFields {...ctx} />,
      validate: (values, _mode, tt) => validatePassword(values, tt),
    },
    {
      key: 'roles',
      title: t('users.rolesSection'),
      valueKeys: ['roleNames'],
      render: (ctx) => <RoleCheckboxes {...ctx} />,
    },
  ], [t]);

  return (
    <ResourcePage
      resource="User"
      view={userView}
      columnRenderers={columnRenderers}
      formSections={sections}
      createDefaults={CREATE_DEFAULTS}
    />
  );
}
