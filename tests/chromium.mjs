import fs from 'node:fs';

/** The browser the end-to-end tests drive: Debian's Chromium, or CHROMIUM_PATH. Browser downloads do not work here. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function chromiumMissingMessage() {
  try {
    fs.accessSync(chromiumPath, fs.constants.X_OK);
    return null;
  } catch {
    return `No Chromium at ${chromiumPath}: install it with \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH to a Chromium binary.`;
  }
}

/** Flags that work on these machines (FACTS.md): no sandbox as root, and no background calls to a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
