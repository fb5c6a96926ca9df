/**
 * The golden traces: one seeded playthrough per game and key scenario. `npm run golden`
 * rewrites them after an intended change of rules or trace format; the test compares.
 */
export const GOLDENS = [
  { file: 'worms-random-2p-game0.txt', scenario: 'scenarios/worms/random-2p.yaml', game: 0 },
  { file: 'worms-greedy-vs-builder-game1.txt', scenario: 'scenarios/worms/greedy-vs-builder.yaml', game: 1 },
  { file: 'worms-random-4p-game2.txt', scenario: 'scenarios/worms/random-4p.yaml', game: 2 },
  { file: 'squirmish-classic-greedy-game2.txt', scenario: 'scenarios/squirmish/classic-greedy.yaml', game: 2 },
  { file: 'squirmish-tabletop-2p-game6.txt', scenario: 'scenarios/squirmish/tabletop-2p.yaml', game: 6 },
  { file: 'squish-simple-game0.txt', scenario: 'scenarios/squish/simple.yaml', game: 0 },
  { file: 'squish-advanced-game25.txt', scenario: 'scenarios/squish/advanced.yaml', game: 25 },
  { file: 'squall-duel-open-game0.txt', scenario: 'scenarios/squall/duel-open.yaml', game: 0 },
] as const;
