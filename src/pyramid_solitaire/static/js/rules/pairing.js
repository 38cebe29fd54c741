// Pairing relations (engine/pairing.py): two cards pair when their values add up to `total`,
// both have one value of `same`, they are a pair of values in `also`, or (with `adjacent`) their
// values are equal or next (no wrap); a card whose value is in `alone` goes alone. Part of the
// rules in the page (see game.js).

import { value } from "./cards.js";

function pairing({ total = 13, same = [], also = [], adjacent = false, alone = [13] } = {}) {
  const pairs = (a, b) => {
    const [va, vb] = [value(a), value(b)];
    return va + vb === total || (va === vb && same.includes(va))
      || also.some(([x, y]) => (x === va && y === vb) || (x === vb && y === va))
      || (adjacent && Math.abs(va - vb) <= 1);
  };
  const rules = { total, same, also, adjacent, alone_values: alone }; // as the corpus writes pairing.py's
  return Object.freeze({ pairs, alone: (card) => alone.includes(value(card)), noneAlone: !alone.length, rules });
}

export const THIRTEEN = pairing(); // RULES.md: sums of 13, kings alone
export const DOZEN = pairing({ total: 12, also: [[12, 13]], alone: [] }); // 6+6 pairs too (PySolFC)
export const ELEVEN = pairing({ total: 11, same: [11, 12, 13], alone: [] }); // J+J, Q+Q, K+K
export const CHEOPS = pairing({ total: null, adjacent: true, alone: [] }); // same or next rank
