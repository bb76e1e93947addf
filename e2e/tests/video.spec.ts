import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { E2E_TMP } from '../support/paths';
import { choose } from '../support/kit';

// Issue 15: a video call with the applicant, with a real Janus (started by the server) and two Chromium pages with
// fake camera and microphone. Runs inside a private network namespace: `node scripts/e2e-video.mjs`.

/** What the page's remote <video> has decoded, and the audio bytes its call has received (the §9 1000 ms poll). */
async function remote(page: Page) {
  return page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
    const stats = document.querySelector('[data-testid="remote-bitrate"]');
    return {
      width: v?.videoWidth ?? 0,
      frames: v?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      audioBytes: Number(stats?.getAttribute('data-audio-bytes') ?? 0),
      decoded: Number(stats?.getAttribute('data-video-frames') ?? 0),
      bitrate: stats?.textContent ?? '',
      debug: v ? { tracks: (v.srcObject as MediaStream | null)?.getTracks().map((t) => `${t.kind}:${t.readyState}:${t.muted}`), paused: v.paused, readyState: v.readyState, decoded: stats?.getAttribute('data-video-frames') } : null,
    };
  });
}

/** Frames keep advancing (the picture is live, not one frame). */
async function expectLiveVideo(page: Page) {
  await expect.poll(async () => (await remote(page)).width, { timeout: 30_000 }).toBeGreaterThan(0).catch(async (e) => {
    // Say what the element had (tracks, play state, frames decoded) when it showed no picture.
    console.log('remote video state:', JSON.stringify(await remote(page)));
    throw e;
  });
  const before = (await remote(page)).frames;
  await expect.poll(async () => (await remote(page)).frames).toBeGreaterThan(before + 10);
}

test('cpa1 calls the applicant from the application: each sees the other, chat, mute and camera off stop the media, the cap is applied, leave and hang up', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginAs(staff, 'cpa1');
  await staff.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'Team applications', exact: true }).click();
  const id = (await staff.getByTestId('list-row').first().locator('td a').innerText()).trim();
  await staff.goto(`/backstage/application?application_id=${id}`);

  const panel = staff.getByTestId('video-panel');
  await panel.getByTestId('start-call').click();
  await expect(panel.getByTestId('invitation-sent')).toContainText('Invitation sent to');
  await expect(panel.getByTestId('call')).toHaveAttribute('data-phase', 'joined');
  const link = new URL((await panel.getByTestId('invite-link').getAttribute('href'))!);

  // The applicant opens the invitation on a phone.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByRole('heading', { name: 'Video call about your loan application' })).toBeVisible();
  await phone.getByTestId('allow-camera').click();
  await expect.poll(() => phone.getByTestId('preview').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await phone.getByTestId('join-call').click();
  await expect(phone.getByRole('heading', { name: /^In a call with / })).toBeVisible();
  // The phone page fits the phone: nothing wider than the screen.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each side sees the other's video, frames advancing.
  await expectLiveVideo(staff);
  await expectLiveVideo(phone);
  await expect(staff.getByTestId('call-events')).toContainText('joined');

  // The phone's controls are 44 px touch targets.
  for (const id of ['toggle-audio', 'toggle-video', 'chat-send', 'hang-up']) {
    const box = (await phone.getByTestId(id).boundingBox())!;
    expect([id, box.width >= 44 && box.height >= 44]).toEqual([id, true]);
  }

  // The in-call text chat, both ways (the publisher's data channel, relayed by Janus to the other side).
  await staff.getByTestId('chat-input').fill('Please hold your PAN card to the camera');
  await staff.getByTestId('chat-send').click();
  await expect(phone.getByTestId('call-events')).toContainText('Please hold your PAN card to the camera');
  await phone.getByTestId('chat-input').fill('Showing it now');
  await phone.getByTestId('chat-send').click();
  await expect(staff.getByTestId('call-events')).toContainText('Showing it now');

  // cpa1 and the applicant each mute their microphone, and the applicant turns the camera off: what each receives
  // from the other stops growing (Janus stops relaying it, not just a silent or black track). All at once: each
  // side's received audio depends only on the other's mute, cpa1's received video only on the applicant's camera.
  await expect.poll(async () => (await remote(phone)).audioBytes).toBeGreaterThan(0);
  await expect.poll(async () => (await remote(staff)).audioBytes).toBeGreaterThan(0);
  await expect.poll(async () => (await remote(staff)).decoded).toBeGreaterThan(0);
  await staff.getByTestId('toggle-audio').click();
  await phone.getByTestId('toggle-audio').click();
  await phone.getByTestId('toggle-video').click();
  await expect(staff.getByTestId('toggle-audio')).toHaveText('Unmute microphone');
  await expect(phone.getByTestId('toggle-audio')).toHaveText('Unmute microphone');
  await expect(phone.getByTestId('toggle-video')).toHaveText('Turn camera on');
  await expect(phone.getByTestId('media-off')).toHaveText('Your microphone and camera are off');
  await staff.waitForTimeout(1500); // what was in flight arrives
  const received = async () => ({ phoneAudio: (await remote(phone)).audioBytes, staffAudio: (await remote(staff)).audioBytes, staffVideo: (await remote(staff)).decoded });
  const muted = await received();
  await phone.waitForTimeout(2500);
  expect(await received()).toEqual(muted);
  await staff.getByTestId('toggle-audio').click();
  await phone.getByTestId('toggle-audio').click();
  await phone.getByTestId('toggle-video').click();
  await expect.poll(async () => (await remote(phone)).audioBytes, { timeout: 10_000 }).toBeGreaterThan(muted.phoneAudio);
  await expect.poll(async () => (await remote(staff)).audioBytes, { timeout: 10_000 }).toBeGreaterThan(muted.staffAudio);
  await expect.poll(async () => (await remote(staff)).decoded, { timeout: 10_000 }).toBeGreaterThan(muted.staffVideo);
  await expect(phone.getByTestId('media-off')).toHaveCount(0);

  // The bandwidth cap: cpa1 caps their video at 64 kbit/s (the control shows it); the applicant's page shows what it
  // receives fall under it.
  await choose(staff.getByTestId('bitrate-cap'), '64 kbit/s');
  await expect(staff.getByTestId('bitrate-cap').getByRole('button')).toContainText('64 kbit/s');
  await expect.poll(async () => parseInt((await remote(phone)).bitrate.replace(/^\D+/, ''), 10), { timeout: 20_000 }).toBeLessThan(120);
  await expect(phone.getByTestId('remote-bitrate')).toContainText('kbits/sec');

  // cpa1 captures a still of the applicant: it is filed on the application and listed on the call.
  await panel.getByTestId('capture-still').click();
  await expect(panel.getByTestId('call-files').first()).toContainText(/Still: video-still-.+\.jpg/);
  await expect(staff.getByRole('region', { name: 'Messages' })).toContainText('Still filed on the application');

  // The applicant leaves: cpa1 sees it, and their remote video is detached.
  await phone.getByTestId('hang-up').click();
  await expect(phone.getByTestId('call-over')).toBeVisible();
  await expect(staff.getByTestId('call-events')).toContainText(' left');
  await expect(staff.getByTestId('remote-video')).toHaveCount(0);

  // They come back from the same link (the call is still live), then cpa1 hangs up: the room is destroyed, which the
  // applicant's page sees; the link is dead afterwards.
  await phone.goto(link.pathname + link.search);
  await phone.getByTestId('join-call').click();
  await expectLiveVideo(staff);
  await panel.getByTestId('hang-up').click();
  await expect(phone.getByTestId('call-over')).toBeVisible();
  await expect(phone.getByTestId('call-events')).toContainText('Call ended');
  await expect(panel.getByTestId('call-row').first()).toHaveAttribute('data-status', 'ENDED');
  await expect(panel.getByTestId('call-row').first()).toContainText('Completed');
  // The recording is converted (janus-pp-rec) and filed after hang-up: it appears on the call once filed.
  await expect.poll(async () => {
    await staff.reload();
    return staff.getByTestId('call-row').first().innerText();
  }, { timeout: 30_000, intervals: [2000] }).toMatch(/Recording: video-call-.+-video-\d+\.webm/);
  // Both are documents of the application: its Documents tab lists them.
  await staff.getByRole('tablist').getByRole('tab', { name: 'Documents', exact: true }).click();
  await expect(staff.getByTestId('documents-tab')).toContainText(/video-still-.+\.jpg/);
  await expect(staff.getByTestId('documents-tab')).toContainText(/video-call-.+-video-\d+\.webm/);
  await phone.goto(link.pathname + link.search);
  await expect(phone).toHaveURL(/\/invalidURL$/);

  await phoneContext.close();
  await staffContext.close();
});

/** The pid of the Janus the journey's server started: the one whose configuration is in this run's data folder. */
function journeyJanusPid(): number | null {
  const mine = join(E2E_TMP, 'data', 'janus');
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd[0]?.endsWith('janus') && cmd.includes(mine)) return Number(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return null;
}

// Last: it stops the journey's Janus.
test('Janus stops mid-call: both pages say the connection failed, and the rest of the app keeps working', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginAs(staff, 'cpa1');
  await staff.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'Team applications', exact: true }).click();
  const id = (await staff.getByTestId('list-row').nth(1).locator('td a').innerText()).trim();
  await staff.goto(`/backstage/application?application_id=${id}`);
  const panel = staff.getByTestId('video-panel');
  await panel.getByTestId('start-call').click();
  const link = new URL((await panel.getByTestId('invite-link').getAttribute('href'))!);
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await phone.goto(link.pathname + link.search);
  await phone.getByTestId('join-call').click();
  await expectLiveVideo(staff);

  const pid = journeyJanusPid();
  expect(pid).not.toBeNull();
  process.kill(pid!, 'SIGKILL');

  for (const page of [staff, phone]) {
    await expect(page.getByTestId('connection-failed')).toContainText('Connection failed', { timeout: 45_000 });
    await expect(page.getByTestId('reconnect')).toBeVisible();
  }
  // The server and the other areas work on; health says the gateway is down.
  expect((await (await staff.request.get('/health')).json()).video).toBe('down');
  await staff.goto('/backstage');
  await staff.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'Team applications', exact: true }).click();
  await expect(staff.getByTestId('list-row').first()).toBeVisible();
  await phoneContext.close();
  await staffContext.close();
});
