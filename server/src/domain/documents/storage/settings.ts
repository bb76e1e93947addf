/** S3 settings from the environment (README "Document storage"); absent: documents live on disk under DATA_DIR. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Self-hosted / non-AWS stores: their URL (path-style addressing is used then). AWS when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Optional key prefix ("lendline/"), so one bucket can hold several installations. */
  prefix?: string;
}

export function loadS3Settings(source: NodeJS.ProcessEnv, problems: string[]): S3Settings | undefined {
  const bucket = source.S3_BUCKET || undefined;
  const named = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION', 'S3_PREFIX'].filter((k) => source[k]);
  if (!bucket) {
    if (named.length) problems.push(`${named.join(', ')} set but S3_BUCKET is not: set S3_BUCKET to store documents in S3, or unset them`);
    return undefined;
  }
  const endpoint = source.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^\s]+$/.test(endpoint)) problems.push(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const accessKeyId = source.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = source.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId || !secretAccessKey) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET');
  const prefix = source.S3_PREFIX || undefined;
  if (prefix && !/^[A-Za-z0-9][A-Za-z0-9_.-]*\/$/.test(prefix)) problems.push('S3_PREFIX must be letters, digits, _ . - ending with /');
  return { bucket, region: source.S3_REGION || 'us-east-1', endpoint, accessKeyId, secretAccessKey, prefix };
}
