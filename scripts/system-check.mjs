// Before `npm test`: the Debian packages its tests need (.ci/run installs them). A fresh machine
// without them gets one line saying what to run, not dozens of failing browser and Redis tests.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const onPath = (cmd) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const need = [];
if (!existsSync('/usr/bin/chromium')) need.push('chromium');
if (!onPath('redis-server')) need.push('redis-server');
if (!existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')) need.push('fonts-dejavu-core');
if (need.length) {
  process.stderr.write(`npm test needs the Debian packages ${need.join(', ')}: run  sudo apt-get update && sudo apt-get install -y ${need.join(' ')}  (as .ci/run does), then npm test again\n`);
  process.exit(1);
}
