import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loginPageOpened, selectLogin, tenantCheckRequested } from './loginSlice';

/** "Tenant: Default [change]": the tenancy name is checked with IsTenantAvailable before it is used. */
export function TenantSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { tenant } = useAppSelector(selectLogin);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(loginPageOpened());
  }, [dispatch]);

  // Close once the server accepted the name (or the host was chosen); otherwise keep the dialog with the reason.
  useEffect(() => {
    if (open && submitted && (tenant.status === 'available' || tenant.status === 'host')) {
      setOpen(false);
      setSubmitted(false);
    }
  }, [open, submitted, tenant.status]);

  const openDialog = () => {
    setName(tenant.tenancyName);
    setSubmitted(false);
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    dispatch(tenantCheckRequested(name));
  };

  const problem =
    submitted && tenant.status === 'inactive' ? t('login.tenantInactive', { name: tenant.checkedName })
      : submitted && tenant.status === 'notFound' ? t('login.tenantNotFound', { name: tenant.checkedName })
        : submitted && tenant.status === 'failed' ? t('errors.unknown') : null;

  return (
    <div className="app-tenant-switch" data-testid="tenant-switch">
      <span className="app-tenant-label">{t('login.tenant')}</span>
      <span className="app-tenant-name" data-testid="tenant-current">
        {tenant.status === 'checking' && !open ? <Spinner size={12} /> : tenant.tenancyName || t('login.hostTenant')}
      </span>
      <Button variant="minimal" size="small" intent="primary" text={t('login.changeTenant')} onClick={openDialog} data-testid="tenant-change" />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t('login.switchTenant')} icon="office" className="app-tenant-dialog">
        <form onSubmit={submit}>
          <DialogBody>
            {problem && <Callout intent="warning" compact className="app-form-error" data-testid="tenant-error">{problem}</Callout>}
            <FormGroup label={t('login.tenancyName')} labelFor="tenancy-name" helperText={t('login.tenancyHint')}>
              <InputGroup id="tenancy-name" value={name} onValueChange={setName} autoFocus leftIcon="office" data-testid="tenant-name-input" />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('common.cancel')} onClick={() => setOpen(false)} />
                <Button type="submit" intent="primary" text={t('common.ok')} loading={tenant.status === 'checking'} data-testid="tenant-switch-ok" />
              </>
            }
          />
        </form>
      </Dialog>
    </div>
  );
}
