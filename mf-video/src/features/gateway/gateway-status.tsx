import { PLATFORM, useServerData } from '@lendline/shared';

interface Gateway {
  gateway: string | null;
  reachable: boolean;
  version?: string | null;
}

/** Whether the server has a video gateway (Janus) configured and reachable, as the server sees it. */
export function GatewayStatus() {
  const { data, error, loading } = useServerData<Gateway>(PLATFORM.areaSummary('video'));
  if (loading) return <p aria-busy="true">Checking the video gateway…</p>;
  if (error || !data) return <p role="alert">The video gateway status could not be read.</p>;
  if (!data.gateway) return <p data-testid="gateway-status">No video gateway is configured on this server (JANUS_URL is not set).</p>;
  return (
    <p data-testid="gateway-status">
      Video gateway {data.gateway}: {data.reachable ? `reachable${data.version ? ` (Janus ${data.version})` : ''}` : 'not reachable'}
    </p>
  );
}
