import { describe, expect, it } from 'vitest';
import { createSafeStorageSecretStore, type SafeStorageLike } from '../../../electron/main/secret-store.js';

type Backend = ReturnType<SafeStorageLike['getSelectedStorageBackend']>;

/** A safeStorage stand-in: "encrypts" by reversing bytes, like the real one it refuses when unavailable. */
function fakeSafeStorage(options: { isAvailable: boolean; backend?: Backend; failEncrypt?: boolean }): SafeStorageLike {
  return {
    isEncryptionAvailable: () => options.isAvailable,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString(plain) {
      if (!options.isAvailable || options.failEncrypt === true) throw new Error('Encryption is not available.');
      return Buffer.from(plain, 'utf8').reverse();
    },
    decryptString(encrypted) {
      if (encrypted.length === 0) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(encrypted).reverse().toString('utf8');
    },
  };
}

describe('createSafeStorageSecretStore', () => {
  it.each<[string, { isAvailable: boolean; backend?: Backend }, NodeJS.Platform, string]>([
    ['macOS Keychain', { isAvailable: true }, 'darwin', 'os-keychain'],
    ['Windows DPAPI', { isAvailable: true }, 'win32', 'os-keychain'],
    ['Linux with libsecret', { isAvailable: true, backend: 'gnome_libsecret' }, 'linux', 'os-keychain'],
    ['Linux with KWallet', { isAvailable: true, backend: 'kwallet5' }, 'linux', 'os-keychain'],
    ['Linux without a keyring', { isAvailable: true, backend: 'basic_text' }, 'linux', 'basic_text'],
    ['no encryption at all', { isAvailable: false }, 'linux', 'unavailable'],
  ])('%s → %s', (_name, options, platform, protection) => {
    expect(createSafeStorageSecretStore(fakeSafeStorage(options), platform).protection).toBe(protection);
  });

  it('round-trips a secret and never stores it as plain text', () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage({ isAvailable: true }), 'darwin');
    const stored = store.protect('Bearer s3cr3t-token');
    expect(stored).toBeDefined();
    expect(stored).not.toContain('s3cr3t');
    expect(Buffer.from(stored!, 'base64').toString('utf8')).not.toContain('s3cr3t');
    expect(store.reveal(stored!)).toBe('Bearer s3cr3t-token');
  });

  it('persists nothing when encryption is unavailable', () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage({ isAvailable: false }), 'linux');
    expect(store.protect('Bearer s3cr3t-token')).toBeUndefined();
    expect(store.reveal('anything')).toBeUndefined();
  });

  it('answers undefined instead of throwing when encryption or decryption fails', () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage({ isAvailable: true, failEncrypt: true }), 'win32');
    expect(store.protect('token')).toBeUndefined();
    expect(store.reveal('')).toBeUndefined();
  });
});
