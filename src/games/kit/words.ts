/**
 * Words by code (issue 19's game kit): a game's names for the small integers its engine uses (a
 * card language's triggers and effects, a status, a phase), declared code → word, keyed by the
 * named code constants themselves (`{ [E_DAMAGE]: 'damage', ... }`) rather than as a list whose
 * position must match each constant. Typed over the union of the codes, so a code without its
 * word fails to compile; `wordsByCode` gives the array indexed by code that renderers and parsers
 * read.
 */

/** The words of `byCode` as an array indexed by code; the codes must run 0..n-1 (checked once, at load). */
export function wordsByCode<C extends number>(byCode: { readonly [K in C]: string }): string[] {
  // Integer keys enumerate in ascending order.
  const codes = Object.keys(byCode).map(Number);
  codes.forEach((code, i) => {
    if (code !== i) throw new Error(`word codes must run 0..${codes.length - 1}: ${i} has no word`);
  });
  return codes.map((code) => byCode[code as C]);
}
