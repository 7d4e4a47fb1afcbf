import { hashSecret, newSecret } from '../../auth/secrets';

/** A new device key: shown once; only its SHA-256 is stored. */
export const newDeviceKey = newSecret;

export const hashDeviceKey = hashSecret;
