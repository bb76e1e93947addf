import { constants, generateKeyPairSync, privateDecrypt, createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server's RSA key pair for password encryption at login (§7, §9). */
export interface RsaKeys {
  publicKeyPem: string;
  /** Decrypts base64 RSA-OAEP (SHA-256) ciphertext; throws when it is not one made with our key. */
  decrypt(base64: string): string;
}

const PRIVATE_FILE = 'rsa-private.pem';
const PUBLIC_FILE = 'rsa-public.pem';

function writeOnce(path: string, content: string, mode: number): void {
  try {
    writeFileSync(path, content, { flag: 'wx', mode });
  } catch (e) {
    // Another process sharing the data directory won the race; its pair is the one to use.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/**
 * Loads the pair from `<dir>/rsa-*.pem`, creating it on first start. Several API processes sharing
 * the data directory therefore share one key. `memory://` keeps a fresh pair in memory only.
 */
export function loadOrCreateRsaKeys(dir: string): RsaKeys {
  let privatePem: string;
  let publicPem: string;
  if (dir.startsWith('memory://')) {
    ({ privateKey: privatePem, publicKey: publicPem } = generatePair());
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      privatePem = readFileSync(join(dir, PRIVATE_FILE), 'utf8');
      publicPem = readFileSync(join(dir, PUBLIC_FILE), 'utf8');
    } catch {
      const pair = generatePair();
      writeOnce(join(dir, PRIVATE_FILE), pair.privateKey, 0o600);
      writeOnce(join(dir, PUBLIC_FILE), pair.publicKey, 0o644);
      privatePem = readFileSync(join(dir, PRIVATE_FILE), 'utf8');
      publicPem = readFileSync(join(dir, PUBLIC_FILE), 'utf8');
    }
  }
  const key: KeyObject = createPrivateKey(privatePem);
  return {
    publicKeyPem: publicPem,
    decrypt(base64) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64');
      return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64')).toString('utf8');
    },
  };
}

function generatePair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
