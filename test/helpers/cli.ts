/** Run the CLI in process, capturing stdout, stderr and the exit code. */
import { runCli } from '../../src/cli/main.js';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export async function cli(...argv: string[]): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false, columns: 80 });
  return { code, out, err };
}
