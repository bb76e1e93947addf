import { constants, generateKeyPairSync, privateDecrypt, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLine, StartupError } from '../startup-error';

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
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(`Cannot write the login key ${path} (${firstLine(e)}): check that the data directory is writable by this user`);
  }
}

/**
 * Loads the pair from `<dir>/rsa-*.pem`, creating it on first start. Several API processes sharing
 * the data directory therefore share one key. `memory://` keeps a fresh pair in memory only.
 */
export function loadOrCreateRsaKeys(dir: string): RsaKeys {
  let key: KeyObject;
  let publicPem: string;
  if (dir.startsWith('memory://')) {
    const pair = generatePair();
    key = createPrivateKey(pair.privateKey);
    publicPem = pair.publicKey;
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    ({ key, publicPem } = readPair(join(dir, PRIVATE_FILE), join(dir, PUBLIC_FILE)));
  }
  return {
    publicKeyPem: publicPem,
    decrypt(base64) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64');
      return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64')).toString('utf8');
    },
  };
}

/**
 * The pair on disk, checked at start-up: a damaged file stops the server with a StartupError naming it (never a
 * server that starts and then fails every login). The public file is what the private key's public half is; when it
 * is missing it is written from the private key, when it differs it is refused.
 */
function readPair(privateFile: string, publicFile: string): { key: KeyObject; publicPem: string } {
  if (!existsSync(privateFile)) {
    const pair = generatePair();
    writeOnce(privateFile, pair.privateKey, 0o600);
    writeOnce(publicFile, pair.publicKey, 0o644);
  }
  const newPair = `or remove ${privateFile} and ${publicFile} to create a new pair (login pages already open then fail once and reload)`;
  let privatePem: string;
  try {
    privatePem = readFileSync(privateFile, 'utf8');
  } catch (e) {
    throw new StartupError(`The login key ${privateFile} cannot be read (${firstLine(e)}): check its owner and permissions, ${newPair}`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(privatePem);
  } catch (e) {
    throw new StartupError(`The login key ${privateFile} is not a PEM private key (${firstLine(e)}): restore it from a backup, ${newPair}`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new StartupError(`The login key ${privateFile} is a ${key.asymmetricKeyType} key, not RSA: restore it from a backup, ${newPair}`);
  const derived = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  writeOnce(publicFile, derived, 0o644); // a pair whose public half is missing: it is the private key's
  let publicPem: string;
  try {
    publicPem = readFileSync(publicFile, 'utf8');
  } catch (e) {
    throw new StartupError(`The login key ${publicFile} cannot be read (${firstLine(e)}): check its owner and permissions, or remove it (it is written again from ${privateFile})`);
  }
  if (publicPem.trim() !== derived.trim()) throw new StartupError(`The login key ${publicFile} is not the public half of ${privateFile}: remove it (it is written again from the private key at the next start)`);
  return { key, publicPem };
}

function generatePair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
