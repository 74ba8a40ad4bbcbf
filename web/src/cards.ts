// How cards look on the table: a short face, a suit class, and the order of a sorted hand.
//
// Card indices follow the API's universal layout (engine.proto, message Card): four suits of 14
// slots (hearts, diamonds, clubs, spades; slot 13 the king down to the pips), the tarokks I..XXI
// at 56..76 and the skíz at 77.

import type { Card } from "./gen/tarock/v1/engine_pb.js";

const FIRST_TAROKK = 56;
const SKIZ = 77;
const SUITS = ["hearts", "diamonds", "clubs", "spades"] as const;
const SYMBOL: Record<string, string> = { H: "♥", D: "♦", C: "♣", S: "♠" };
// A sorted hand shows the tarokks first, then the suits with their colours alternating.
const SUIT_ORDER = [1, 3, 2, 4]; // hearts, spades, diamonds, clubs (rank of the suit's block)

export type SuitClass = (typeof SUITS)[number] | "tarokk";

export function suitOf(index: number): SuitClass {
  return index >= FIRST_TAROKK ? "tarokk" : SUITS[Math.floor(index / 14)];
}

const ROMAN: [number, string][] = [
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

function roman(n: number): string {
  let out = "";
  for (const [value, digits] of ROMAN) {
    while (n >= value) {
      out += digits;
      n -= value;
    }
  }
  return out;
}

/** The short face printed on a card: "XXI", "Skíz", "K♥", "10♣". */
export function face(card: Card): string {
  if (card.index === SKIZ) return "Skíz";
  if (card.index >= FIRST_TAROKK) return roman(card.index - FIRST_TAROKK + 1);
  const n = card.notation;
  return `${n.slice(1)}${SYMBOL[n[0]] ?? n[0]}`;
}

/** Sort key of a hand: tarokks (skíz first, then XXI down), then suits, high cards first. */
function sortKey(index: number): number {
  if (index >= FIRST_TAROKK) return SKIZ - index;
  const block = Math.floor(index / 14);
  return 100 + SUIT_ORDER[block] * 100 + (13 - (index % 14));
}

/** The cards sorted as a hand is held. */
export function sorted(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => sortKey(a.index) - sortKey(b.index));
}
