/** Marks encrypted bodies both ways (docs/identity.md): `x-lendline-encrypted: aes-cbc`. */
export const ENCRYPTED_HEADER = 'x-lendline-encrypted';
export const ENCRYPTED_HEADER_VALUE = 'aes-cbc';
