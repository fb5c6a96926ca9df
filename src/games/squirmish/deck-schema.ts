/**
 * A JSON Schema for Squirmish deck files (scenarios/squirmish/decks/deck.schema.json), built
 * from the card language's vocabulary so editors can autocomplete triggers, targets, effects
 * and conditions. It documents the shape; the loader's own validation (deck-parser.ts, ability-parser.ts) is the judge
 * and gives the messages. Regenerate with `npm run schema`;
 * a test fails if the committed file is stale.
 */
import { TRIGGERS, TARGETS, COUNTS, STATUS_NAMES, DURATION_NAMES } from './vocabulary.js';
import { NAMED_EFFECT_NAMES } from './effects.js';
import {
  MAX_NAME, MAX_TEXT, MAX_EFFECTS, MAX_GROUPS, MAX_POOL, MAX_HP, MAX_SPECIALS, MAX_ABILITIES_PER_CARD,
} from './card-ir.js';

const range = {
  description: 'A whole number, [low, high], or {min, max}.',
  anyOf: [
    { type: 'integer' },
    { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    { type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } }, additionalProperties: false },
  ],
};

const amount = {
  description: 'A whole number, roll (a fresh d6), or {base, per, times, max}: base + times x count, at most max.',
  anyOf: [
    { type: 'integer' },
    { const: 'roll' },
    {
      type: 'object',
      properties: { base: { type: 'integer' }, per: { enum: Object.keys(COUNTS) }, times: { type: 'integer' }, max: { type: 'integer' } },
      required: ['per'],
      additionalProperties: false,
    },
  ],
};

const groupSpec = { description: 'A group id, a list of them, same, other, none or any.', anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
const to = { enum: Object.keys(TARGETS), description: 'Who the effect reaches (default: target).' };

const flagEffects = [
  'avoid', 'look-and-discard', 'discard-drawn', 'reach-any', 'move-self-anywhere', 'move-opponent', 'rearrange', 'extra-move',
  'reroll', 'confuse', 'roll-again', 'ko-override', 'attack-another', 'reroll-any', 're-lay', 'draw-and-place',
];

const effect = {
  description: 'An effect: a plain word, or a mapping with one verb (docs/cards.md).',
  anyOf: [
    { enum: flagEffects },
    { type: 'object', properties: { damage: amount, to }, required: ['damage'], additionalProperties: false },
    { type: 'object', properties: { heal: amount, to }, required: ['heal'], additionalProperties: false },
    { type: 'object', properties: { modify: { type: 'string', pattern: '^[+\\-x*/]\\s*\\d+$' } }, required: ['modify'], additionalProperties: false },
    { type: 'object', properties: { add: amount }, required: ['add'], additionalProperties: false },
    { type: 'object', properties: { multiply: amount }, required: ['multiply'], additionalProperties: false },
    { type: 'object', properties: { divide: amount }, required: ['divide'], additionalProperties: false },
    { type: 'object', properties: { ko: { enum: Object.keys(TARGETS) } }, required: ['ko'], additionalProperties: false },
    { type: 'object', properties: { reduce: amount }, required: ['reduce'], additionalProperties: false },
    { type: 'object', properties: { 'ignore-below': amount }, required: ['ignore-below'], additionalProperties: false },
    { type: 'object', properties: { draw: amount, place: { type: 'boolean' } }, required: ['draw'], additionalProperties: false },
    { type: 'object', properties: { 'cannot-attack': groupSpec }, required: ['cannot-attack'], additionalProperties: false },
    { type: 'object', properties: { 'immune-to': groupSpec }, required: ['immune-to'], additionalProperties: false },
    { type: 'object', properties: { status: { enum: STATUS_NAMES }, to, for: { enum: DURATION_NAMES } }, required: ['status'], additionalProperties: false },
    { type: 'object', properties: { 'move-damage': { anyOf: [amount, { const: 'all' }] } }, required: ['move-damage'], additionalProperties: false },
    { type: 'object', properties: { custom: { enum: NAMED_EFFECT_NAMES } }, required: ['custom'], additionalProperties: false },
    { type: 'object', properties: { splash: amount }, required: ['splash'], additionalProperties: false },
    { type: 'object', properties: { confuse: { const: 'credit' } }, required: ['confuse'], additionalProperties: false },
    { type: 'object', properties: { 're-lay': { const: 'controller' } }, required: ['re-lay'], additionalProperties: false },
    { type: 'object', properties: { 'reroll-any': { const: 'any-roll' } }, required: ['reroll-any'], additionalProperties: false },
  ],
};

const conditions: Record<string, unknown> = {};
for (const k of Object.keys(COUNTS)) conditions[k] = range;
Object.assign(conditions, {
  target: { enum: ['enemy', 'own'] },
  attacker: { enum: ['enemy', 'own'] },
  'target-group': groupSpec,
  'attacker-group': groupSpec,
  'target-moved': { type: 'boolean' },
  'target-damaged': { type: 'boolean' },
  'first-attack': { type: 'boolean' },
  'self-damaged': { type: 'boolean' },
  'once-per-turn': { type: 'boolean' },
});
const ifSchema = { type: 'object', properties: conditions, additionalProperties: false, description: 'Conditions; all must hold.' };

const ability = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: MAX_NAME },
    text: { type: 'string', maxLength: MAX_TEXT },
    when: { enum: Object.keys(TRIGGERS) },
    group: { type: 'boolean', description: 'Only while two or more cards of the group are in play.' },
    if: ifSchema,
    do: { type: 'array', items: effect, minItems: 1, maxItems: MAX_EFFECTS },
  },
  required: ['when', 'do'],
  additionalProperties: false,
};

const special = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: MAX_NAME }, text: { type: 'string', maxLength: MAX_TEXT }, damage: { anyOf: [{ type: 'integer' }, { const: 'roll' }] }, heal: { type: 'integer' }, if: ifSchema, do: { type: 'array', items: effect, maxItems: MAX_EFFECTS } },
  required: ['name'],
  additionalProperties: false,
};

const face = {
  description: 'A die face: a damage number, "heal N", none, roll, "heal roll", special or "special:Name".',
  anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', pattern: '^(none|roll|special(:.+)?|(heal|damage) (\\d+|roll))$' }],
};

export function deckJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Squirmish deck file (docs/cards.md)',
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 200 },
      description: { type: 'string', maxLength: 5000 },
      groups: {
        type: 'array',
        maxItems: MAX_GROUPS,
        items: { type: 'object', properties: { id: { type: 'string', maxLength: MAX_NAME }, name: { type: 'string', maxLength: MAX_NAME }, abilities: { type: 'array', items: ability } }, required: ['id'], additionalProperties: false },
      },
      cards: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_POOL,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: MAX_NAME },
            hp: { type: 'integer', minimum: 1, maximum: MAX_HP },
            group: { type: 'string' },
            attack: { type: 'array', items: face, minItems: 6, maxItems: 6 },
            special,
            specials: { type: 'array', items: special, maxItems: MAX_SPECIALS },
            cry: { type: 'string', maxLength: MAX_TEXT },
            text: { type: 'string', maxLength: MAX_TEXT },
            abilities: { type: 'array', items: ability, maxItems: MAX_ABILITIES_PER_CARD },
          },
          required: ['name', 'hp', 'attack'],
          additionalProperties: false,
        },
      },
    },
    required: ['cards'],
    additionalProperties: false,
  };
}

export const DECK_SCHEMA_FILE = 'scenarios/squirmish/decks/deck.schema.json';
