// Draws a GameView and a settlement into the page, naming cards and phases in the language the
// table chose (its glossary, from DescribeRules). The table (main.ts) owns the state and the
// calls.

import {
  ActionKind,
  Bonus,
  Contract,
  EndReason,
  Phase,
  Scoring,
  Suit,
  TalonGroupState,
  Team,
  type Action,
  type Card,
  type GameView,
  type Glossary,
  type LegalMove,
  type Ledger,
  type TrickView,
} from "./gen/tarock/v1/engine_pb.js";
import { face, sorted, suitOf } from "./cards.js";

type Child = Node | string | null | undefined | false;

/** A new element with attributes and children; `on*` attributes that are functions are handlers. */
export function h(
  tag: string,
  attrs: Record<string, string | number | boolean | ((e: Event) => void) | undefined> = {},
  ...children: (Child | Child[])[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/** The names in use: the glossary of the game and language chosen (English without one). */
const names = { cards: new Map<number, string>(), phases: new Map<number, string>() };

/** Names cards and phases from `g` from now on (`undefined`: the API's English names). */
export function useGlossary(g: Glossary | undefined): void {
  names.cards = new Map((g?.cards ?? []).map((c) => [c.index, c.name]));
  names.phases = new Map((g?.phases ?? []).map((p) => [p.phase, p.name]));
}

/** A card's name in the language in use. */
export function cardName(card: Card): string {
  return names.cards.get(card.index) ?? card.name;
}

/** A phase's name in the language in use. */
function phaseName(phase: Phase): string {
  return names.phases.get(phase) ?? words(Phase, phase);
}

/** An enum value's name as words: Phase.PLAY → "play", Bonus.PAGAT_ULTIMO → "pagat ultimo". */
export function words(e: Record<number, string>, value: number): string {
  return (e[value] ?? String(value)).toLowerCase().replace(/_/g, " ");
}

/** What the table needs besides the view to draw it. */
export interface Seating {
  /** The variant id, for card names that differ between games. */
  variant: string;
  /** The seat the page plays, or undefined when looking on (a replay). */
  me?: number;
  /** The bot at the other seats. */
  bot: string;
}

export function seatName(seat: number, s: Seating): string {
  return seat === s.me ? "You" : `Seat ${seat}`;
}

/** The fool's name in each game (the API calls it the skíz everywhere). */
function cardFace(card: Card, variant: string): string {
  if (card.index !== 77) return face(card);
  if (variant.startsWith("danish")) return "Fool";
  if (variant.startsWith("austrian")) return "Sküs";
  if (variant.startsWith("polish")) return "Skiż";
  if (variant.startsWith("slovenian")) return "Škis";
  return "Skíz";
}

/** A card as a label: its face, with its full name for assistive technology. */
export function cardLabel(card: Card, variant: string): HTMLElement {
  return h(
    "span",
    { class: `card-face suit-${suitOf(card.index)}`, title: cardName(card), "aria-label": cardName(card) },
    cardFace(card, variant),
  );
}

/** The status line: game, phase, who acts, the contract and who plays it. */
export function status(view: GameView, s: Seating, gameName: string): HTMLElement {
  const parts: Child[] = [
    h("span", {}, `${gameName}, ${view.seats} seats, dealer ${seatName(view.dealer, s)}`),
    h("span", { class: "phase" }, `Phase: ${phaseName(view.phase)}`),
  ];
  if (view.toAct !== undefined) {
    parts.push(h("span", { class: "to-act" }, `To act: ${seatName(view.toAct, s)}`));
  }
  if (view.declarer !== undefined) {
    const contract = view.contract ? ` (${words(Contract, view.contract)})` : "";
    parts.push(h("span", {}, `Declarer: ${seatName(view.declarer, s)}${contract}`));
  }
  if (view.called) parts.push(h("span", {}, "Called: ", cardLabel(view.called, view.variant)));
  if (view.gameLevel > 0) parts.push(h("span", {}, `Game kontra level ${view.gameLevel}`));
  if (view.phase === Phase.OVER) {
    const by = view.endSeat !== undefined ? ` by ${seatName(view.endSeat, s)}` : "";
    parts.push(h("span", { class: "end" }, `Over: ${words(EndReason, view.end)}${by}`));
  }
  return h(
    "div",
    { id: "status", "data-phase": Phase[view.phase], "aria-live": "polite" },
    parts,
  );
}

/** The other seats (and the page's own, in brief): counts and what is public about them. */
export function seats(view: GameView, s: Seating): HTMLElement {
  const order = [...view.seatViews].sort(
    (a, b) => rel(a.seat, view.seats, s.me) - rel(b.seat, view.seats, s.me),
  );
  return h(
    "section",
    { id: "seats", "aria-label": "Seats" },
    order.map((sv) => {
      const facts: string[] = [];
      if (!sv.active) facts.push("sits out");
      facts.push(`${sv.handSize} in hand`);
      if (sv.team !== Team.UNSPECIFIED) facts.push(words(Team, sv.team));
      if (sv.tarokksDeclared) facts.push(`declared ${sv.declaredTarokks} tarokks`);
      if (sv.talonReceived) facts.push(`took ${sv.talonReceived} from the talon`);
      if (sv.discardCount) {
        const t = sv.discardedTarokks !== undefined ? ` (${sv.discardedTarokks} tarokks)` : "";
        facts.push(`discarded ${sv.discardCount}${t}`);
      }
      facts.push(`won ${sv.won.length} cards`);
      const roles = [
        sv.seat === view.dealer ? "dealer" : "",
        sv.seat === view.declarer ? "declarer" : "",
        sv.seat === s.me ? "" : s.bot,
      ].filter(Boolean);
      const shown = sv.seat === s.me ? [] : sv.hand;
      return h(
        "div",
        {
          class: `seat${sv.seat === view.toAct ? " acting" : ""}`,
          "data-seat": sv.seat,
        },
        h("h3", {}, seatName(sv.seat, s), roles.length ? ` (${roles.join(", ")})` : ""),
        h("p", {}, facts.join(" · ")),
        shown.length > 0 &&
          h("p", { class: "face-up" }, "Face up: ", sorted(shown).map((c) => cardLabel(c, view.variant))),
      );
    }),
  );
}

/** Seats in order of play starting after `me` (the page's seat last). */
function rel(seat: number, n: number, me: number | undefined): number {
  return me === undefined ? seat : (seat - me - 1 + n) % n;
}

function trick(title: string, t: TrickView | undefined, view: GameView, s: Seating, id: string) {
  const plays = t?.plays ?? [];
  return h(
    "div",
    { class: "trick", id },
    h("h3", {}, title),
    plays.length === 0
      ? h("p", { class: "empty" }, "no cards")
      : h(
          "ol",
          {},
          plays.map((p) =>
            h(
              "li",
              { class: p.seat === t?.winner ? "winner" : undefined },
              `${seatName(p.seat, s)}: `,
              p.card && cardLabel(p.card, view.variant),
              p.seat === t?.winner ? " (wins)" : "",
            ),
          ),
        ),
  );
}

/** The trick in progress and the last one completed. */
export function tricks(view: GameView, s: Seating): HTMLElement {
  const last = view.tricks.at(-1);
  return h(
    "section",
    { id: "tricks", "aria-label": "Tricks", "aria-live": "polite" },
    view.phase !== Phase.OVER &&
      trick(`Trick ${view.tricks.length + 1}`, view.currentTrick, view, s, "current-trick"),
    last && trick(`Last trick (${view.tricks.length})`, last, view, s, "last-trick"),
  );
}

/** The talon as the game shows it: groups (Polish, Austrian), the Danish pots and melds. */
export function talon(view: GameView, s: Seating): HTMLElement | null {
  const parts: Child[] = [];
  if (view.talonGroups) {
    parts.push(
      h("h3", {}, "Talon"),
      h(
        "ol",
        { class: "talon-groups" },
        view.talonGroups.groups.map((g) =>
          h(
            "li",
            { "data-state": TalonGroupState[g.state] },
            `Group ${g.number} (${words(TalonGroupState, g.state)}): `,
            g.cards.length > 0
              ? g.cards.map((c) => cardLabel(c, view.variant))
              : `${view.talonGroups?.groupSize ?? ""} face down`,
          ),
        ),
      ),
    );
  } else if (view.talonSize > 0) {
    parts.push(h("p", {}, `Talon: ${view.talonSize} cards face down`));
  }
  const d = view.danish;
  if (d) {
    const pots = d.pots.map(Number);
    parts.push(
      h("h3", {}, "Pots"),
      h("p", { id: "pots" }, `Pagat pot ${pots[0] ?? 0} · king pot ${pots[1] ?? 0}`),
    );
    if (d.toutAnnounced) parts.push(h("p", {}, "The dealer announced Tout."));
    if (d.skatHasTrumps !== undefined) {
      parts.push(h("p", {}, `The skat ${d.skatHasTrumps ? "holds" : "holds no"} trump.`));
    }
    if (d.foolNamed) {
      const named = d.namedSuit ? words(Suit, d.namedSuit) : "trumps";
      parts.push(h("p", {}, `The fool led, naming ${named}.`));
    }
    if (d.melds.length > 0) {
      parts.push(
        h("h3", {}, "Declarations"),
        h(
          "ul",
          {},
          d.melds.map((m) =>
            h(
              "li",
              {},
              `${seatName(m.seat, s)}: `,
              m.melds.length ? m.melds.map((x) => `${x.text} (${x.value})`).join(", ") : "pas",
            ),
          ),
        ),
      );
    }
  }
  return parts.length ? h("section", { id: "talon", "aria-label": "Talon" }, parts) : null;
}

/** The auction, the announcements standing, and every action so far. */
export function history(view: GameView, s: Seating): HTMLElement {
  return h(
    "section",
    { id: "history", "aria-label": "History" },
    h("h3", {}, "Auction"),
    view.auction.length === 0
      ? h("p", { class: "empty" }, "no calls yet")
      : h(
          "ol",
          { id: "auction" },
          view.auction.map((c) => h("li", {}, `${seatName(c.seat, s)}: ${c.action?.notation ?? ""}`)),
        ),
    view.announcements.length > 0 && h("h3", {}, "Announcements"),
    view.announcements.length > 0 &&
      h(
        "ul",
        { id: "announcements" },
        view.announcements.map((a) => {
          const suit = a.suit ? ` (${words(Suit, a.suit)})` : "";
          const level = a.level ? `, kontra level ${a.level}` : "";
          return h(
            "li",
            {},
            `${words(Bonus, a.bonus)}${suit}: ${words(Team, a.team)}, by ${seatName(a.announcer, s)}${level}`,
          );
        }),
      ),
    h("h3", {}, "Actions"),
    h(
      "ol",
      { id: "actions", class: "log" },
      view.history.map((e) =>
        h(
          "li",
          {},
          `${seatName(e.seat, s)}: `,
          actionText(e.action, view.variant),
        ),
      ),
    ),
  );
}

/** An action as the log shows it: cards by their faces, a hidden discard as such. */
function actionText(a: Action | undefined, variant: string): Child[] {
  if (!a) return [];
  if (a.kind === ActionKind.DISCARD && !a.card) return ["discards a card"];
  const withCard = a.kind === ActionKind.PLAY || a.kind === ActionKind.DISCARD || a.kind === ActionKind.CALL;
  return withCard && a.card ? [`${words(ActionKind, a.kind)} `, cardLabel(a.card, variant)] : [a.notation];
}

/** Moves that are a card from the hand (play or discard), by card index. */
export function cardMoves(moves: readonly LegalMove[], hand: readonly Card[]): Map<number, LegalMove> {
  const inHand = new Set(hand.map((c) => c.index));
  const out = new Map<number, LegalMove>();
  for (const m of moves) {
    const a = m.action;
    if (!a?.card || !inHand.has(a.card.index)) continue;
    if (a.kind === ActionKind.PLAY || a.kind === ActionKind.DISCARD) out.set(a.card.index, m);
  }
  return out;
}

/**
 * The page's own hand, sorted, each card a button. Legal cards are marked playable; the others
 * are marked not playable but still answer a click, so the server can say which rule forbids
 * them.
 */
export function hand(
  cards: readonly Card[],
  discards: readonly Card[],
  legal: Map<number, LegalMove>,
  variant: string,
  onCard: (card: Card, move: LegalMove | undefined) => void,
): HTMLElement {
  return h(
    "section",
    { id: "hand", "aria-label": "Your hand" },
    h("h3", {}, `Your hand (${cards.length})`),
    h(
      "div",
      { class: "cards", role: "group" },
      sorted(cards).map((c) => {
        const move = legal.get(c.index);
        const verb = move?.action?.kind === ActionKind.DISCARD ? "discard" : "play";
        return h(
          "button",
          {
            class: `card suit-${suitOf(c.index)}${move ? " legal" : ""}`,
            "data-card": c.notation,
            "data-legal": move ? "true" : "false",
            "aria-label": `${cardName(c)}${move ? `, ${verb}` : ", not playable now"}`,
            title: move ? move.label : `${cardName(c)}: not playable now (click to see why)`,
            onclick: () => onCard(c, move),
          },
          cardFace(c, variant),
        );
      }),
    ),
    discards.length > 0 &&
      h("p", { class: "discards" }, "Your discards: ", sorted(discards).map((c) => cardLabel(c, variant))),
  );
}

/** The legal moves that are not a card from the hand, as numbered buttons (keys 1–9). */
export function moves(
  list: readonly LegalMove[],
  cardMoveIds: Set<number>,
  onMove: (m: LegalMove) => void,
): HTMLElement {
  const rest = list.filter((m) => !cardMoveIds.has(m.id));
  return h(
    "section",
    { id: "moves", "aria-label": "Your moves" },
    rest.length > 0 && h("h3", {}, "Your move"),
    rest.map((m, i) =>
      h(
        "button",
        { class: "move", "data-move-id": m.id, "data-notation": m.action?.notation ?? "", onclick: () => onMove(m) },
        i < 9 ? h("kbd", {}, String(i + 1)) : null,
        ` ${m.label}`,
      ),
    ),
  );
}

/** The itemised settlement, a row a line, a column a seat, with the totals and the match's. */
export function settlement(
  ledger: Ledger,
  seatsCount: number,
  s: Seating,
  matchTotals: readonly bigint[],
  multiplier: number,
): HTMLElement {
  const hasPots = ledger.items.some((i) => i.pots.some((p) => p !== 0n)) || ledger.pots.length > 0;
  const seatsList = [...Array(seatsCount).keys()];
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, "Item"),
    seatsList.map((seat) => h("th", { scope: "col" }, seatName(seat, s))),
    hasPots && h("th", { scope: "col" }, "Pagat pot"),
    hasPots && h("th", { scope: "col" }, "King pot"),
  );
  const num = (v: bigint | undefined, cls: string, seat?: number) =>
    h("td", { class: cls, "data-seat": seat, "data-value": String(v ?? 0n) }, String(v ?? 0n));
  const rows = ledger.items.map((item) =>
    h(
      "tr",
      { class: "line" },
      h("th", { scope: "row" }, item.label),
      seatsList.map((seat) => num(item.payments[seat], "payment", seat)),
      hasPots && num(item.pots[0], "pot"),
      hasPots && num(item.pots[1], "pot"),
    ),
  );
  const totals = h(
    "tr",
    { class: "totals" },
    h("th", { scope: "row" }, "This hand"),
    seatsList.map((seat) => num(ledger.totals[seat], "total", seat)),
    hasPots && h("td", {}, ledger.pots.length ? `now ${ledger.pots[0]}` : ""),
    hasPots && h("td", {}, ledger.pots.length ? `now ${ledger.pots[1]}` : ""),
  );
  const match = h(
    "tr",
    { class: "match" },
    h("th", { scope: "row" }, "Match"),
    seatsList.map((seat) => num(matchTotals[seat], "match-total", seat)),
  );
  const points = ledger.scoring === Scoring.POINTS;
  return h(
    "section",
    { id: "settlement", "aria-label": "Settlement", "data-scoring": Scoring[ledger.scoring] },
    h("h3", {}, "Settlement"),
    h(
      "p",
      {},
      points
        ? "Points credited on the score sheet (nobody pays: lines need not sum to zero)."
        : `Payments between players: every line sums to zero${hasPots ? " with the pots" : ""}.`,
      multiplier > 1 ? ` Round multiplier ×${multiplier}.` : "",
      ledger.cardPoints.length === 2
        ? ` Card points: declarer's team ${ledger.cardPoints[0]}, opponents ${ledger.cardPoints[1]}.`
        : "",
      ledger.hat !== undefined ? ` ${seatName(ledger.hat, s)} wears the hat.` : "",
    ),
    ledger.items.length === 0
      ? h("p", { class: "empty" }, "Nothing to settle.")
      : null,
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, totals, match)),
  );
}
