// The table: deals a hand of any variant, lets the player act for one seat, has the server's
// bots act for the others, settles the hand and deals the next. All game logic is the server's:
// the page sends the record (or the sealed record) with every request and draws the views it
// gets back.

import { fromBinary, fromJsonString, toJsonString } from "@bufbuild/protobuf";
import { problem, connect, serverUrl, type Engine, type Problem } from "./api.js";
import {
  ActionKind,
  GameRecordSchema,
  OptionType,
  Phase,
  ViewerRole,
  type BotInfo,
  type Card,
  type GameRecord,
  type GameView,
  type LegalMove,
  type ScoreResponse,
  type SealedRecord,
  type VariantInfo,
} from "./gen/tarock/v1/engine_pb.js";
import * as draw from "./render.js";

const { h } = draw;

/** Where the cards are: an open record the page holds, or a sealed one and its tokens. */
type Game =
  | { kind: "open"; record: GameRecord }
  | {
      kind: "sealed";
      sealed: SealedRecord;
      /** The page's seat token: every view and action of the player goes with it alone. */
      seatToken: Uint8Array;
      /** The table token moves the bots and deals the next hand, as a host would. */
      tableToken: Uint8Array;
    };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Each game's own language (the locale DescribeRules takes) and its name in that language. */
const NATIVE: [prefix: string, code: string, name: string][] = [
  ["hungarian-", "hu", "Magyar"],
  ["polish-", "pl", "Polski"],
  ["austrian-", "de", "Deutsch"],
  ["danish-", "da", "Dansk"],
  ["slovenian-", "sl", "Slovenščina"],
];

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class Table {
  private variants: VariantInfo[] = [];
  private bots: BotInfo[] = [];
  private game?: Game;
  private view?: GameView;
  private score?: ScoreResponse;
  private me = 0;
  private bot = "heuristic";
  private variant = "";
  /** The rules' statements by id, in the language chosen (for refusals). */
  private rules = new Map<string, string>();
  private locale = "en";
  /** A replay of the finished hand: how many of its actions are shown. */
  private replay?: { at: number; view: GameView };
  private refusal?: Problem;
  /** Bumped by every new game or load, so that a bot loop of an earlier game stops. */
  private generation = 0;
  private busy = false;
  private seedCounter = BigInt(Math.floor(Math.random() * 2 ** 32));

  constructor(
    private readonly engine: Engine,
    private readonly baseUrl: string,
  ) {}

  async start(): Promise<void> {
    $("server").textContent = `Server: ${this.baseUrl}`;
    try {
      const list = await this.engine.listVariants({});
      this.variants = list.variants;
      this.bots = list.bots;
    } catch (e) {
      this.fail(e);
      return;
    }
    const variant = $<HTMLSelectElement>("variant");
    variant.replaceChildren(...this.variants.map((v) => h("option", { value: v.id }, v.name)));
    const bot = $<HTMLSelectElement>("bot");
    bot.replaceChildren(
      ...this.bots.map((b) =>
        h("option", { value: b.name, title: b.description, selected: b.name === "heuristic" }, b.name),
      ),
    );
    variant.addEventListener("change", () => this.fillSeats());
    $("language").addEventListener("change", () => void this.speak());
    $("seats").addEventListener("change", () => this.fillSeatChoice());
    this.fillSeats();
    $("setup").addEventListener("submit", (e) => {
      e.preventDefault();
      void this.newGame();
    });
    $("save").addEventListener("click", () => this.save());
    $("load").addEventListener("change", (e) => {
      const input = e.target as HTMLInputElement;
      const file = input.files?.[0];
      input.value = "";
      if (file) void this.load(file);
    });
    document.addEventListener("keydown", (e) => this.key(e));
    document.body.dataset.ready = "true";
  }

  private fillSeats(): void {
    const id = $<HTMLSelectElement>("variant").value;
    const native = NATIVE.find(([prefix]) => id.startsWith(prefix));
    $("language").replaceChildren(
      h("option", { value: "en" }, "English"),
      ...(native ? [h("option", { value: native[1] }, native[2])] : []),
    );
    const v = this.variants.find((x) => x.id === id);
    this.fillOptions(v);
    $("seats").replaceChildren(...(v?.seatCounts ?? []).map((n) => h("option", { value: n }, String(n))));
    this.fillSeatChoice();
  }

  /** A field for each of the variant's rule options, showing its default. */
  private fillOptions(v: VariantInfo | undefined): void {
    $("option-fields").replaceChildren(
      ...(v?.options ?? []).map((o) => {
        const attrs = { "data-option": o.name, "data-default": o.defaultValue, title: o.description };
        const field =
          o.type === OptionType.BOOL
            ? h("input", { ...attrs, type: "checkbox", checked: o.defaultValue === "true" })
            : o.type === OptionType.INT
              ? h("input", {
                  ...attrs,
                  type: "number",
                  min: String(o.min),
                  max: String(o.max),
                  value: o.defaultValue,
                })
              : h(
                  "select",
                  attrs,
                  o.values.map((value) => h("option", { value, selected: value === o.defaultValue }, value)),
                );
        return h("label", { class: "option" }, h("code", {}, o.name), " ", field);
      }),
    );
  }

  /** The rule options set away from their defaults. */
  private chosenOptions(): { name: string; value: string }[] {
    return [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-option]")]
      .map((el) => ({
        name: el.dataset.option ?? "",
        value: el instanceof HTMLInputElement && el.type === "checkbox" ? String(el.checked) : el.value,
        default: el.dataset.default ?? "",
      }))
      .filter((o) => o.value !== o.default)
      .map(({ name, value }) => ({ name, value }));
  }

  private fillSeatChoice(): void {
    const n = Number($<HTMLSelectElement>("seats").value) || 0;
    $("seat").replaceChildren(...[...Array(n).keys()].map((i) => h("option", { value: i }, `Seat ${i}`)));
  }

  /**
   * Takes the names and the rules' statements of the game in play in the language chosen
   * (DescribeRules), and draws the table again.
   */
  private async speak(): Promise<void> {
    if (!this.variant) return;
    const wanted = $<HTMLSelectElement>("language").value || "en";
    const locale = NATIVE.some(([p, code]) => code === wanted && this.variant.startsWith(p)) ? wanted : "en";
    const r = await this.call(() => this.engine.describeRules({ variant: this.variant, locale }));
    if (!r) return;
    this.locale = r.locale;
    this.rules = new Map(r.rules.map((rule) => [rule.id, rule.text]));
    $("rules").replaceChildren(
      ...r.rules.map((rule) =>
        h("li", { id: `rule-${rule.id}`, "data-rule": rule.id }, h("strong", {}, rule.id), ` ${rule.text}`),
      ),
    );
    draw.useGlossary(r.glossary);
    this.render();
  }

  private get delay(): number {
    return Math.max(0, Number($<HTMLInputElement>("delay").value) || 0);
  }

  private seating(): draw.Seating {
    return { variant: this.variant, me: this.replay ? undefined : this.me, bot: this.bot };
  }

  private viewer() {
    return { role: ViewerRole.SEAT, seat: this.me };
  }

  private state() {
    const g = this.game!;
    return g.kind === "open"
      ? { case: "record" as const, value: g.record }
      : { case: "sealed" as const, value: g.sealed };
  }

  /** Runs one exchange with the server, showing a failure instead of throwing it. */
  private async call<T>(f: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    $("table").setAttribute("aria-busy", "true");
    try {
      return await f();
    } catch (e) {
      this.fail(e);
      return undefined;
    } finally {
      this.busy = false;
      $("table").setAttribute("aria-busy", "false");
    }
  }

  private fail(e: unknown): void {
    const p = problem(e, this.baseUrl, location.origin);
    const el = $("error");
    el.hidden = false;
    el.dataset.code = p.code;
    el.textContent = p.rule ? `${p.rule}: ${p.text}` : p.text;
  }

  private clearError(): void {
    $("error").hidden = true;
    $("error").textContent = "";
  }

  async newGame(): Promise<void> {
    this.clearError();
    const gen = ++this.generation;
    this.variant = $<HTMLSelectElement>("variant").value;
    const seats = Number($<HTMLSelectElement>("seats").value);
    this.me = Number($<HTMLSelectElement>("seat").value);
    this.bot = $<HTMLSelectElement>("bot").value;
    const sealed = $<HTMLInputElement>("sealed").checked;
    const dealer = Math.floor(Math.random() * seats);
    const r = await this.call(() =>
      this.engine.newDeal({
        variant: this.variant,
        options: this.chosenOptions(),
        seats,
        dealer,
        viewer: this.viewer(),
        sealed,
      }),
    );
    if (!r || gen !== this.generation) return;
    this.game =
      sealed && r.sealed
        ? { kind: "sealed", sealed: r.sealed, seatToken: r.seatTokens[this.me], tableToken: r.tableToken }
        : { kind: "open", record: r.record! };
    this.view = r.view;
    await this.begin(gen, true);
  }

  /**
   * Starts on a hand just dealt or loaded: forgets the last hand's settlement, replay and
   * refusal, takes the game's names and rules when it is another game (`newGame`), and plays.
   */
  private async begin(gen: number, newGame: boolean): Promise<void> {
    this.score = undefined;
    this.replay = undefined;
    this.refusal = undefined;
    if (newGame) await this.speak();
    await this.run(gen);
  }

  /** Plays the bots until it is the player's turn or the hand is over. */
  private async run(gen: number): Promise<void> {
    this.render();
    while (gen === this.generation && this.view) {
      const v = this.view;
      if (v.phase === Phase.OVER) {
        await this.settle(gen);
        return;
      }
      if (v.toAct === undefined || v.toAct === this.me) return;
      await sleep(this.delay);
      if (gen !== this.generation) return;
      if (!(await this.botStep(v.toAct, gen))) return;
      this.render();
    }
  }

  private async botStep(seat: number, gen: number): Promise<boolean> {
    const g = this.game!;
    const token = g.kind === "sealed" ? g.tableToken : undefined;
    const seed = this.seedCounter++;
    const ok = await this.call(async () => {
      const s = await this.engine.suggestMove({ state: this.state(), bot: this.bot, seed, seat, token });
      const id = s.move!.id;
      if (g.kind === "open") {
        const a = await this.engine.applyAction({ state: this.state(), actionId: id, seat, viewer: this.viewer() });
        if (gen !== this.generation) return false;
        g.record = a.record!;
        this.view = a.view;
      } else {
        const a = await this.engine.applyAction({
          state: this.state(),
          actionId: id,
          seat,
          token: g.tableToken,
          expectedMoveCount: g.sealed.moveCount,
          omitView: true,
        });
        if (gen !== this.generation) return false;
        g.sealed = a.sealed!;
        const v = await this.engine.getView({ state: this.state(), viewer: this.viewer(), token: g.seatToken });
        this.view = v.view;
      }
      return true;
    });
    return ok === true;
  }

  /** The player's action: a legal move, or a card the player tried that the rules refuse. */
  private async act(move: LegalMove | undefined, card?: Card): Promise<void> {
    if (this.busy || !this.game || !this.view || this.replay) return;
    const gen = this.generation;
    const g = this.game;
    let action;
    if (!move) {
      // Not a legal move: the server says which rule forbids it.
      const kind = this.view.phase === Phase.DISCARD ? ActionKind.DISCARD : ActionKind.PLAY;
      action = { kind, card: { index: card!.index } };
    }
    const common = { state: this.state(), seat: this.me, viewer: this.viewer() };
    const request =
      g.kind === "open"
        ? { ...common, action, actionId: move?.id }
        : { ...common, action, actionId: move?.id, token: g.seatToken, expectedMoveCount: g.sealed.moveCount };
    this.busy = true;
    try {
      const a = await this.engine.applyAction(request);
      if (gen !== this.generation) return;
      if (g.kind === "open") g.record = a.record!;
      else g.sealed = a.sealed!;
      this.view = a.view;
      this.refusal = undefined;
      this.clearError();
    } catch (e) {
      const p = problem(e, this.baseUrl, location.origin);
      if (p.code === "failed_precondition") {
        // In the game's language, the rule as the reference states it.
        const text = this.locale !== "en" && p.rule ? this.rules.get(p.rule) : undefined;
        this.refusal = text ? { ...p, text } : p;
        this.render();
      } else {
        this.fail(e);
      }
      return;
    } finally {
      this.busy = false;
    }
    await this.run(gen);
  }

  private async settle(gen: number): Promise<void> {
    const r = await this.call(() => this.engine.score({ state: this.state() }));
    if (!r || gen !== this.generation) return;
    this.score = r;
    this.render();
  }

  private async nextDeal(): Promise<void> {
    if (!this.game || this.view?.phase !== Phase.OVER || this.busy) return;
    const g = this.game;
    const gen = ++this.generation;
    const token = g.kind === "sealed" ? g.tableToken : undefined;
    const r = await this.call(() => this.engine.nextDeal({ state: this.state(), viewer: this.viewer(), token }));
    if (!r || gen !== this.generation) return;
    if (r.matchOver) {
      this.fail(new Error("The match is over: the session has ended."));
      return;
    }
    if (g.kind === "open") g.record = r.record!;
    else g.sealed = r.sealed!;
    this.view = r.view;
    await this.begin(gen, false);
  }

  /** Shows the finished hand as it stood after `at` of its actions (the referee's view). */
  private async step(at: number): Promise<void> {
    const g = this.game;
    if (g?.kind !== "open" || this.view?.phase !== Phase.OVER) return;
    const n = g.record.actions.length;
    at = Math.max(0, Math.min(n, at));
    if (at === n) {
      this.replay = undefined;
      this.render();
      return;
    }
    const record = { ...g.record, actions: g.record.actions.slice(0, at) };
    const r = await this.call(() =>
      this.engine.getView({ state: { case: "record", value: record }, viewer: { role: ViewerRole.REFEREE } }),
    );
    if (!r?.view) return;
    this.replay = { at, view: r.view };
    this.render();
  }

  private save(): void {
    if (this.game?.kind !== "open") return;
    const json = toJsonString(GameRecordSchema, this.game.record, { prettySpaces: 2 }) + "\n";
    const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    const a = h("a", { href: url, download: `${this.variant}-${this.game.record.actions.length}.json` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Loads a record saved by this page or the CLI (protobuf JSON, or binary protobuf). */
  async load(file: File): Promise<void> {
    this.clearError();
    let record: GameRecord;
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const text = new TextDecoder().decode(bytes);
      record = text.trimStart().startsWith("{")
        ? fromJsonString(GameRecordSchema, text)
        : fromBinary(GameRecordSchema, bytes);
    } catch (e) {
      this.fail(new Error(`${file.name} is not a game record: ${(e as Error).message}`));
      return;
    }
    const gen = ++this.generation;
    this.variant = record.variant;
    if (this.variants.some((v) => v.id === record.variant)) {
      const [language, seat] = [$<HTMLSelectElement>("language").value, $<HTMLSelectElement>("seat").value];
      $<HTMLSelectElement>("variant").value = record.variant;
      this.fillSeats();
      $<HTMLSelectElement>("language").value = language;
      $<HTMLSelectElement>("seat").value = seat;
    }
    this.me = Math.min(Number($<HTMLSelectElement>("seat").value) || 0, Math.max(0, record.seats - 1));
    this.bot = $<HTMLSelectElement>("bot").value;
    const r = await this.call(() =>
      this.engine.getView({ state: { case: "record", value: record }, viewer: this.viewer() }),
    );
    if (!r || gen !== this.generation) return;
    this.game = { kind: "open", record };
    this.view = r.view;
    await this.begin(gen, true);
  }

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const cards = [...document.querySelectorAll<HTMLButtonElement>("#hand button.card")];
      if (cards.length === 0) return;
      const at = cards.indexOf(document.activeElement as HTMLButtonElement);
      const next = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length;
      cards[next].focus();
      e.preventDefault();
    } else if (/^[1-9]$/.test(e.key)) {
      document.querySelectorAll<HTMLButtonElement>("#moves button.move")[Number(e.key) - 1]?.click();
    } else if (e.key === "n" || e.key === "N") {
      $<HTMLFormElement>("setup").requestSubmit();
    } else if (e.key === "d" || e.key === "D") {
      void this.nextDeal();
    } else if (e.key === "[" || e.key === "]") {
      const n = this.game?.kind === "open" ? this.game.record.actions.length : 0;
      const at = this.replay?.at ?? n;
      void this.step(at + (e.key === "]" ? 1 : -1));
    }
  }

  private render(): void {
    const main = $("table");
    const g = this.game;
    const view = this.replay?.view ?? this.view;
    $<HTMLButtonElement>("save").disabled = g?.kind !== "open";
    $("save").title = g?.kind === "sealed" ? "A sealed record stays on the server's side: nothing to save" : "";
    if (!g || !view) return;
    const s = this.seating();
    const name = this.variants.find((v) => v.id === view.variant)?.name ?? view.variant;
    const mine = view.seatViews.find((sv) => sv.seat === this.me);
    const myMoves = !this.replay && view.toAct === this.me ? view.moves : [];
    const legal = draw.cardMoves(myMoves, mine?.hand ?? []);
    const cardIds = new Set([...legal.values()].map((m) => m.id));
    const over = this.view?.phase === Phase.OVER;
    const refusal = this.refusal;
    const parts: (HTMLElement | null)[] = [
      h(
        "div",
        { class: "top" },
        draw.status(view, s, name),
        h("p", { id: "mode" }, g.kind === "sealed" ? `Sealed: you see seat ${this.me} only.` : ""),
      ),
      h(
        "p",
        { id: "refusal", role: "alert", "data-rule": refusal?.rule, hidden: !refusal },
        refusal
          ? h(
              "strong",
              {},
              refusal.rule ? h("a", { href: `#rule-${refusal.rule}`, title: "The rule in the list below" }, refusal.rule) : "Refused",
            )
          : "",
        refusal ? `: ${refusal.text}` : "",
      ),
      draw.seats(view, s),
      h("div", { class: "centre" }, draw.tricks(view, s), draw.talon(view, s)),
      this.replay
        ? h("section", { id: "hand" }, h("p", {}, "Replay: every hand is shown in the seats above."))
        : draw.hand(mine?.hand ?? [], mine?.discards ?? [], legal, view.variant, (c, m) => void this.act(m, c)),
      draw.moves(myMoves, cardIds, (m) => void this.act(m)),
      over ? this.overControls(g) : null,
      this.score?.ledger && !this.replay
        ? draw.settlement(this.score.ledger, view.seats, s, this.score.matchTotals, this.score.multiplier)
        : null,
      draw.history(view, s),
    ];
    main.replaceChildren(...parts.filter((p) => p !== null));
    main.dataset.over = String(over && !!this.score);
  }

  private overControls(g: Game): HTMLElement {
    const n = g.kind === "open" ? g.record.actions.length : 0;
    const at = this.replay?.at ?? n;
    return h(
      "section",
      { id: "after", "aria-label": "After the hand" },
      h("button", { id: "next-deal", type: "button", onclick: () => void this.nextDeal() }, "Next deal ", h("kbd", {}, "D")),
      g.kind === "open"
        ? h(
            "span",
            { class: "replay" },
            h("button", { type: "button", id: "step-back", onclick: () => void this.step(at - 1) }, "◀ ", h("kbd", {}, "[")),
            h("input", {
              id: "replay",
              type: "range",
              min: 0,
              max: n,
              value: at,
              "aria-label": "Step through the hand",
              onchange: (e: Event) => void this.step(Number((e.target as HTMLInputElement).value)),
            }),
            h("button", { type: "button", id: "step-forward", onclick: () => void this.step(at + 1) }, h("kbd", {}, "]"), " ▶"),
            h("span", { id: "replay-at" }, `${at} of ${n} actions`),
          )
        : h("span", {}, "A sealed hand cannot be stepped through: its record stays sealed."),
    );
  }
}

const base = serverUrl(location);
void new Table(connect(base), base).start();
