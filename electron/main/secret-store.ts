/**
 * `SecretStore` on Electron's `safeStorage` (docs/security.md#secrets): secrets are encrypted with
 * the OS keychain before they reach electron-store. On Linux without a keyring, safeStorage falls
 * back to a hard-coded key (`basic_text`): that is reported as such, so the UI can tell the user.
 * When encryption is unavailable, nothing is persisted. Only Electron's types are imported, so
 * tests pass a fake.
 */
import type { SafeStorage } from 'electron';
import type { SecretStore } from '../host/host-api.js';

/** The part of `safeStorage` the store uses. */
export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'>;

/**
 * Creates the store. Call it after the app is ready: before that, Linux reports encryption as
 * unavailable. Secrets are stored as base64 of the ciphertext.
 */
export function createSafeStorageSecretStore(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretStore {
  if (!safeStorage.isEncryptionAvailable()) {
    return { protection: 'unavailable', protect: () => undefined, reveal: () => undefined };
  }
  // getSelectedStorageBackend exists on Linux only.
  const protection = platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text' ? 'basic_text' : 'os-keychain';
  return {
    protection,
    protect(plain) {
      try {
        return safeStorage.encryptString(plain).toString('base64');
      } catch {
        // The keyring can become unreachable after start-up: then the secret is not persisted.
        return undefined;
      }
    },
    reveal(stored) {
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        return undefined;
      }
    },
  };
}
