import { useRef, useState } from 'react';
import { Button, Callout, Classes, ControlGroup, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import type { Translate } from '../../crud/types';
import type { DeviceKeyState } from './monitoringSlice';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The device key, shown the one time the server hands it out (after create, after regenerate). Closing forgets it:
 * the server keeps only its hash.
 */
export function DeviceKeyDialog({ deviceKey, t, onClose }: { deviceKey: DeviceKeyState; t: Translate; onClose: () => void }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const input = useRef<HTMLInputElement>(null);
  const title = t(deviceKey.kind === 'created' ? 'monitoring.keyTitleCreated' : 'monitoring.keyTitleRegenerated', { name: deviceKey.serialNumber });

  const copyKey = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(deviceKey.key);
      setCopy('copied');
    } catch {
      // Selected, so that Ctrl+C copies it.
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Dialog isOpen title={title} icon="key" onClose={onClose} canOutsideClickClose={false} style={{ width: 520 }}>
      <DialogBody>
        <Callout intent="warning" icon="eye-open" compact style={{ marginBottom: 12 }}>{t('monitoring.keyOnce')}</Callout>
        <FormGroup label={t('monitoring.deviceKey')} labelFor="device-key" helperText={copy === 'failed' ? t('monitoring.copyFailed') : undefined}
          intent={copy === 'failed' ? 'warning' : 'none'}>
          <ControlGroup fill>
            <InputGroup id="device-key" inputRef={input} readOnly value={deviceKey.key} className={Classes.MONOSPACE_TEXT}
              data-testid="device-key-value" onFocus={(e) => e.currentTarget.select()} />
            <Button icon={copy === 'copied' ? 'tick' : 'duplicate'} intent={copy === 'copied' ? 'success' : 'none'} autoFocus
              text={t(copy === 'copied' ? 'monitoring.copied' : 'monitoring.copy')} data-testid="device-key-copy"
              onClick={() => void copyKey()} style={{ flexGrow: 0 }} />
          </ControlGroup>
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('monitoring.keyCopiedClose')} onClick={onClose} data-testid="device-key-close" />} />
    </Dialog>
  );
}
