/** `squabble list`: games, their rule variants and their policies (text, or --json). */
import type { Command } from 'commander';
import { z } from 'zod';
import { registry } from '../../registry.js';
import type { CliIO } from '../io.js';

interface FieldDoc {
  name: string;
  description: string;
  default: unknown;
  accepts: string;
}

/** Describe the fields of a zod object schema from its generated JSON Schema. */
function fieldsOf(schema: z.ZodType): FieldDoc[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  return Object.entries(json.properties ?? {}).map(([name, p]) => ({ name, description: String(p.description ?? ''), default: p.default, accepts: accepts(p) }));
}

function accepts(p: Record<string, unknown>): string {
  if (Array.isArray(p.anyOf)) return (p.anyOf as Record<string, unknown>[]).map(accepts).join(' | ');
  if (p.const !== undefined) return JSON.stringify(p.const);
  if (Array.isArray(p.enum)) return p.enum.map((v) => JSON.stringify(v)).join(' | ');
  const range = p.minimum !== undefined && p.maximum !== undefined && Number(p.maximum) < 1e15 ? ` ${p.minimum}-${p.maximum}` : '';
  return `${String(p.type ?? 'any')}${range}`;
}

export function listing() {
  return Object.values(registry.games).map((game) => ({
    id: game.id,
    title: game.title,
    rulesDoc: game.rulesDoc,
    players: [game.minPlayers, game.maxPlayers],
    hiddenInformation: game.hiddenInformation,
    rules: fieldsOf(game.rulesSchema),
    policies: Object.entries(registry.policiesFor(game)).map(([name, spec]) => ({ name, description: spec.description, params: fieldsOf(spec.paramsSchema) })),
  }));
}

export function registerList(program: Command, io: CliIO): void {
  program
    .command('list')
    .description('list games, their rule variants and their policies')
    .option('--json', 'machine-readable output')
    .action((options: { json?: boolean }) => {
      const games = listing();
      if (options.json) {
        io.out(`${JSON.stringify(games, null, 2)}\n`);
        return;
      }
      for (const g of games) {
        io.out(`${g.id}: ${g.title}, ${g.players[0]}-${g.players[1]} players (rules: ${g.rulesDoc})\n  rules and variants (default first):\n`);
        for (const f of g.rules) io.out(`    ${f.name} = ${JSON.stringify(f.default)}  [${f.accepts}]  ${f.description}\n`);
        io.out('  policies:\n');
        for (const p of g.policies) {
          io.out(`    ${p.name}: ${p.description}\n`);
          for (const f of p.params) io.out(`      params.${f.name} = ${JSON.stringify(f.default)}  [${f.accepts}]  ${f.description}\n`);
        }
      }
    });
}
