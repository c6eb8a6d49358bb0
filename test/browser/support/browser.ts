/**
 * Debian's Chromium, driven headless by playwright-core (docs/testing.md, "Browsers"): never a browser download.
 * The flags keep it off the network — no background requests, updates, sync or first-run pages — so it talks only
 * to the test's own servers on 127.0.0.1. `CHROMIUM_PATH` names another binary; the default is Debian's.
 */
import { Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: OFFLINE_FLAGS });
}
