import { Select } from '@lendline/shared/ui';
import { useVideoT } from '../lib/texts';
import { useCallStore } from '../lib/call/call-store';

const BITRATES = [0, 64_000, 128_000, 256_000, 512_000, 1_000_000];

/** The staff's cap on what their camera sends (a slow branch line), as the kit's Select; usable once joined. */
export default function BitrateCap() {
  const t = useVideoT();
  const cap = useCallStore((s) => s.bitrateCap);
  const setBitrate = useCallStore((s) => s.setBitrate);
  const joined = useCallStore((s) => s.phase === 'joined');
  return (
    <Select
      label={t('bitrate')}
      value={String(cap)}
      onChange={(id) => setBitrate(Number(id))}
      options={BITRATES.map((b) => ({ id: String(b), label: b === 0 ? t('bitrateNone') : `${b / 1000} kbit/s` }))}
      isDisabled={!joined}
      testId="bitrate-cap"
    />
  );
}
