import { useAppSelector } from '../app/hooks';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const stayOpen = () => undefined;

/** The password dialog the server asked for at login: it closes only once the new password is saved. */
export function RequiredPasswordChange() {
  const mustChange = useAppSelector((s) => s.app.mustChangePassword);
  return <ChangePasswordDialog required isOpen={mustChange} onClose={stayOpen} />;
}
