/** `squabble list`: games, their rule variants and their policies (text, or --json). */
import type { Command } from 'commander';
import { registry } from '../../registry.js';
import { fieldsOf, withScope } from '../../sim/scenario/describe.js';
import type { CliIO } from '../../studies/kit/io.js';

export function listing() {
  return Object.values(registry.games).map((game) => ({
    id: game.id,
    title: game.title,
    rulesDoc: game.rulesDoc,
    players: [game.minPlayers, game.maxPlayers],
    hiddenInformation: game.hiddenInformation,
    rules: withScope(fieldsOf(game.rulesSchema), game),
    policies: Object.entries(registry.policiesFor(game)).map(([name, spec]) => ({ name, description: spec.description, params: fieldsOf(spec.paramsSchema) })),
    levels: (game.levels ?? []).map(({ name, description }) => ({ name, description })),
  }));
}

export function registerList(program: Command, io: CliIO): void {
  program
    .command('list')
    .description('list games, their rule variants, policies and skill levels')
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
        if (g.levels.length) io.out('  skill levels (level: NAME), weakest first:\n');
        for (const l of g.levels) io.out(`    ${l.name}: ${l.description}\n`);
      }
    });
}
