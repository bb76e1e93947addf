/** Thrown when encrypted data is malformed, fails padding or is not UTF-8: treated as tampered. */
export class TamperedDataError extends Error {
  constructor(reason: string) {
    super(`Encrypted data rejected: ${reason}`);
    this.name = 'TamperedDataError';
  }
}
