import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface JanusConfigInput {
  /** Where janus.jcfg and the plugin/transport files are written (janus -F <dir>). */
  dir: string;
  httpPort: number;
  /** token_auth_secret: every request carries a token the server signed (token.ts). */
  tokenSecret: string;
  /** The video-room plugin's admin_key: only who knows it (the server) may create or destroy rooms. */
  adminKey: string;
  /** nat.ice_enforce_list: the interfaces Janus gathers candidates on (e.g. "jv0" in the e2e namespace). */
  iceEnforceList?: string;
  /** nat.nat_1_1_mapping: the public address of a Janus behind NAT. */
  nat11?: string;
  /** Janus's own STUN server (to learn its public address); none by default. */
  stun?: { server: string; port: number };
  libDir?: string;
}

const LIB = '/usr/lib/x86_64-linux-gnu/janus';
/** Every plugin the Debian package ships except the video room: nothing else is reachable. */
const OTHER_PLUGINS = ['audiobridge', 'duktape', 'echotest', 'lua', 'nosip', 'recordplay', 'sip', 'streaming', 'textroom', 'videocall', 'voicemail'];
const OTHER_TRANSPORTS = ['websockets', 'pfunix', 'mqtt', 'nanomsg', 'rabbitmq'];

const q = (s: string) => JSON.stringify(s);

/**
 * The configuration of the Janus the server starts itself: HTTP API on loopback only, admin API off, the video-room
 * plugin only, signed-token auth, no public STUN/TURN (ICE sees this machine's own addresses; nat_1_1 / stun only
 * when set), no event handlers. Written fresh at every start, so a restart picks up a changed setting.
 */
export function writeJanusConfig(c: JanusConfigInput): void {
  const lib = c.libDir ?? LIB;
  mkdirSync(c.dir, { recursive: true, mode: 0o700 });
  const nat = [
    'full_trickle = true',
    'ignore_mdns = true',
    c.iceEnforceList ? `ice_enforce_list = ${q(c.iceEnforceList)}` : '',
    c.nat11 ? `nat_1_1_mapping = ${q(c.nat11)}` : '',
    c.stun ? `stun_server = ${q(c.stun.server)}\n\tstun_port = ${c.stun.port}` : '',
  ].filter(Boolean);
  const files: Record<string, string> = {
    'janus.jcfg': `general: {
\tconfigs_folder = ${q(c.dir)}
\tplugins_folder = ${q(join(lib, 'plugins'))}
\ttransports_folder = ${q(join(lib, 'transports'))}
\tevents_folder = ${q(join(lib, 'events'))}
\tloggers_folder = ${q(join(lib, 'loggers'))}
\tlog_to_stdout = false
\tdebug_level = 3
\tserver_name = "Lendline video"
\tsession_timeout = 60
\ttoken_auth = true
\ttoken_auth_secret = ${q(c.tokenSecret)}
\tprotected_folders = ["/bin", "/boot", "/dev", "/etc", "/initrd", "/lib", "/lib32", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
certificates: {}
media: {}
nat: {
\t${nat.join('\n\t')}
}
plugins: {
\tdisable = ${q(OTHER_PLUGINS.map((p) => `libjanus_${p}.so`).join(','))}
}
transports: {
\tdisable = ${q(OTHER_TRANSPORTS.map((p) => `libjanus_${p}.so`).join(','))}
}
loggers: {
\tdisable = "libjanus_jsonlog.so"
}
events: {
\tbroadcast = false
}
`,
    'janus.transport.http.jcfg': `general: {
\tjson = "compact"
\tbase_path = "/janus"
\thttp = true
\tport = ${c.httpPort}
\tip = "127.0.0.1"
\thttps = false
}
admin: {
\tadmin_http = false
\tadmin_https = false
}
cors: {}
`,
    'janus.plugin.videoroom.jcfg': `general: {
\tadmin_key = ${q(c.adminKey)}
\tlock_rtp_forward = true
\tstring_ids = false
}
`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(c.dir, name), text, { mode: 0o600 });
}
