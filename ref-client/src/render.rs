//! Text rendering of what the API returns: cards, hands, auctions, tricks, settlements.
//!
//! Cards are shown with the notation the API gives (`T21`, `SKIZ`, `HK`); which group a card
//! belongs to is read from its documented index in the universal layout (0..56 the four suits
//! in 14-slot blocks, 56..77 the tarokks, 77 the skíz), where a higher index is a stronger card.
//! Colour and suit symbols are used only when [`Style::color`] is on; otherwise the output is
//! plain text with suit words.

use std::fmt::Write as _;
use tarock_proto::v1 as pb;

/// How to draw: with ANSI colours and suit symbols, or plain.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// ANSI colours and suit symbols.
    pub(crate) color: bool,
}

const RESET: &str = "\x1b[0m";
const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const MAGENTA: &str = "\x1b[35m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const GREEN: &str = "\x1b[32m";
const CYAN: &str = "\x1b[36m";

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("{code}{text}{RESET}")
        } else {
            text.to_owned()
        }
    }

    /// Bold text (headings).
    pub(crate) fn bold(self, text: &str) -> String {
        self.paint(BOLD, text)
    }

    /// Dimmed text (secondary information).
    pub(crate) fn dim(self, text: &str) -> String {
        self.paint(DIM, text)
    }

    /// Text for something good (a bonus made, a positive payment).
    pub(crate) fn good(self, text: &str) -> String {
        self.paint(GREEN, text)
    }

    /// Text for something bad (an error, a failed bonus, a negative payment).
    pub(crate) fn bad(self, text: &str) -> String {
        self.paint(RED, text)
    }

    /// Text for the player's own seat.
    pub(crate) fn you(self, text: &str) -> String {
        self.paint(CYAN, text)
    }

    /// A card: its notation, coloured by group.
    pub(crate) fn card(self, c: &pb::Card) -> String {
        let code = match group(c.index) {
            Group::Suit(0 | 1) => RED,
            Group::Suit(_) => BOLD,
            Group::Tarokk => YELLOW,
            Group::Skiz => MAGENTA,
        };
        self.paint(code, &c.notation)
    }

    /// Cards separated by spaces.
    pub(crate) fn cards<'a>(self, cards: impl IntoIterator<Item = &'a pb::Card>) -> String {
        cards
            .into_iter()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A signed amount, coloured by sign.
    pub(crate) fn amount(self, v: i64) -> String {
        let text = format!("{v:+}");
        match v.signum() {
            1 => self.good(&text),
            -1 => self.bad(&text),
            _ => text,
        }
    }

    /// A right-aligned signed amount of `width` columns (padding outside the colour codes).
    fn amount_padded(self, v: i64, width: usize) -> String {
        let text = format!("{v:+}");
        let pad = " ".repeat(width.saturating_sub(text.chars().count()));
        format!("{pad}{}", self.amount(v))
    }
}

/// The group a card belongs to, from its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    /// A suit: 0 hearts, 1 diamonds, 2 clubs, 3 spades.
    Suit(u32),
    /// A tarokk I..XXI.
    Tarokk,
    /// The skíz.
    Skiz,
}

/// The group of the card with universal index `index`.
pub(crate) fn group(index: u32) -> Group {
    match index {
        0..=55 => Group::Suit(index / 14),
        56..=76 => Group::Tarokk,
        _ => Group::Skiz,
    }
}

const SUITS: [(&str, &str); 4] = [
    ("♥", "hearts"),
    ("♦", "diamonds"),
    ("♣", "clubs"),
    ("♠", "spades"),
];

/// A hand, sorted strongest first and grouped: tarokks (with the skíz) first, then each suit.
/// One line per non-empty group, each indented by `indent`.
pub(crate) fn hand(style: Style, cards: &[pb::Card], indent: &str) -> String {
    let mut sorted: Vec<&pb::Card> = cards.iter().collect();
    sorted.sort_by_key(|c| std::cmp::Reverse(c.index));
    let mut out = String::new();
    let trumps: Vec<&pb::Card> = sorted
        .iter()
        .copied()
        .filter(|c| matches!(group(c.index), Group::Tarokk | Group::Skiz))
        .collect();
    let label = |symbol: &str, word: &str| {
        if style.color {
            format!("{symbol} {word:<9}")
        } else {
            format!("{word:<11}")
        }
    };
    if !trumps.is_empty() {
        let _ = writeln!(
            out,
            "{indent}{}{}",
            style.paint(YELLOW, &label("★", "tarokks")),
            style.cards(trumps)
        );
    }
    for (i, (symbol, word)) in SUITS.iter().enumerate() {
        let suit: Vec<&pb::Card> = sorted
            .iter()
            .copied()
            .filter(|c| group(c.index) == Group::Suit(i as u32))
            .collect();
        if suit.is_empty() {
            continue;
        }
        let code = if i < 2 { RED } else { BOLD };
        let _ = writeln!(
            out,
            "{indent}{}{}",
            style.paint(code, &label(symbol, word)),
            style.cards(suit)
        );
    }
    if cards.is_empty() {
        let _ = writeln!(out, "{indent}(no cards)");
    }
    out
}

/// A protobuf enum value's name made readable: `BONUS_KING_ULTIMO` → `king ultimo`.
pub(crate) fn enum_words(name: &str, prefix: &str) -> String {
    name.strip_prefix(prefix)
        .unwrap_or(name)
        .to_ascii_lowercase()
        .replace('_', " ")
}

/// A phase's name.
pub(crate) fn phase(p: i32) -> String {
    match pb::Phase::try_from(p) {
        Ok(pb::Phase::Discard) => "talon exchange and discards".to_owned(),
        Ok(pb::Phase::Annul) => "annulment round".to_owned(),
        Ok(pb::Phase::Announce) => "round of announcements".to_owned(),
        Ok(pb::Phase::Play) => "trick play".to_owned(),
        Ok(pb::Phase::Over) => "hand over".to_owned(),
        Ok(pb::Phase::Opening) => "the opening (throw-ins and laid-down cards)".to_owned(),
        Ok(pb::Phase::Call) => "calling a king".to_owned(),
        Ok(pb::Phase::Talon) => "taking from the talon".to_owned(),
        Ok(p) => enum_words(p.as_str_name(), "PHASE_"),
        Err(_) => format!("phase {p}"),
    }
}

/// A contract's name.
pub(crate) fn contract(c: i32) -> String {
    pb::Contract::try_from(c).map_or_else(
        |_| format!("contract {c}"),
        |c| enum_words(c.as_str_name(), "CONTRACT_"),
    )
}

/// A bonus's name, with its suit when it names one.
pub(crate) fn bonus(b: i32, suit: i32) -> String {
    let name = pb::Bonus::try_from(b).map_or_else(
        |_| format!("bonus {b}"),
        |b| enum_words(b.as_str_name(), "BONUS_"),
    );
    match pb::Suit::try_from(suit) {
        Ok(pb::Suit::Unspecified) | Err(_) => name,
        Ok(s) => format!("{name} ({})", enum_words(s.as_str_name(), "SUIT_")),
    }
}

/// A team's name.
pub(crate) fn team(t: i32) -> &'static str {
    match pb::Team::try_from(t) {
        Ok(pb::Team::Declarer) => "declarers",
        Ok(pb::Team::Opponents) => "opponents",
        _ => "",
    }
}

/// How a hand ended.
pub(crate) fn end_reason(e: i32) -> String {
    match pb::EndReason::try_from(e) {
        Ok(pb::EndReason::Played) => "played out".to_owned(),
        Ok(pb::EndReason::PassedOut) => "passed out (everybody passed)".to_owned(),
        Ok(pb::EndReason::Annulled) => "annulled".to_owned(),
        Ok(pb::EndReason::TrialBidFailed) => "speculative bid failed".to_owned(),
        Ok(pb::EndReason::TrullOnlyThree) => "three with trull only, not played".to_owned(),
        Ok(pb::EndReason::ThrownIn) => "thrown in".to_owned(),
        Ok(pb::EndReason::GaveUp) => "given up (the called king in the talon)".to_owned(),
        Ok(pb::EndReason::Unspecified) => "not over".to_owned(),
        Err(_) => format!("end {e}"),
    }
}

/// The name of a kontra level.
pub(crate) fn level(l: u32) -> &'static str {
    match l {
        0 => "",
        1 => "kontra",
        2 => "rekontra",
        3 => "szubkontra",
        4 => "hirskontra",
        _ => "mordkontra",
    }
}

/// Names seats: "you" for the player's own seat, else "seat N" (with the bot's name when known).
#[derive(Clone, Debug, Default)]
pub(crate) struct Seats {
    /// The player's own seat, in `play`.
    pub(crate) me: Option<u32>,
    /// The bot at each seat, where bots play.
    pub(crate) bots: Vec<Option<String>>,
}

impl Seats {
    /// A seat's short name.
    pub(crate) fn name(&self, style: Style, s: u32) -> String {
        if self.me == Some(s) {
            return style.you("you");
        }
        format!("seat {s}")
    }

    /// A seat's name followed by a verb agreeing with it: "you win", "seat 2 wins".
    pub(crate) fn with_verb(&self, style: Style, s: u32, third: &str, second: &str) -> String {
        let verb = if self.me == Some(s) { second } else { third };
        format!("{} {verb}", self.name(style, s))
    }

    /// A seat's name with its bot, for the action log.
    pub(crate) fn long_name(&self, style: Style, s: u32) -> String {
        match self.bots.get(s as usize).and_then(Option::as_ref) {
            Some(bot) if self.me != Some(s) => format!("seat {s} ({bot})"),
            _ => self.name(style, s),
        }
    }
}

/// One action as `seat: notation`, for the log. Hidden discards show as `discard (face down)`.
pub(crate) fn action(style: Style, a: &pb::Action) -> String {
    match a.card.as_ref() {
        Some(c) if !c.notation.is_empty() => {
            // Colour the card inside the notation ("play T21" → "play " + coloured "T21").
            match a.notation.strip_suffix(c.notation.as_str()) {
                Some(head) => format!("{head}{}", style.card(c)),
                None => a.notation.clone(),
            }
        }
        _ if a.kind == pb::ActionKind::Discard as i32 => "discard (face down)".to_owned(),
        _ => a.notation.clone(),
    }
}

/// A trick as `T21 HK T5 DQ`, with the leader first, and the winner when complete.
pub(crate) fn trick(style: Style, seats: &Seats, n: usize, t: &pb::TrickView) -> String {
    let plays = t
        .plays
        .iter()
        .map(|p| {
            let card = p.card.as_ref().map_or_else(String::new, |c| style.card(c));
            format!("{card} ({})", seats.name(style, p.seat))
        })
        .collect::<Vec<_>>()
        .join("  ");
    let winner = t.winner.map_or_else(String::new, |w| {
        format!("  → {}", seats.with_verb(style, w, "wins", "win"))
    });
    format!("trick {n:>2}: {plays}{winner}")
}

/// The auction so far, one call per entry.
pub(crate) fn auction(style: Style, seats: &Seats, calls: &[pb::AuctionCall]) -> String {
    if calls.is_empty() {
        return "no calls yet".to_owned();
    }
    calls
        .iter()
        .map(|c| {
            let a = c.action.as_ref().map_or("?", |a| a.notation.as_str());
            format!("{}: {a}", seats.name(style, c.seat))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The public state of the hand as one block: dealer, contract, call, announcements, the
/// talon exchange, declarations, known sides.
pub(crate) fn table(style: Style, seats: &Seats, v: &pb::GameView) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{} · {} seats · dealer {}",
        v.variant,
        v.seats,
        seats.name(style, v.dealer)
    );
    let out_seats: Vec<String> = v
        .seat_views
        .iter()
        .filter(|s| !s.active)
        .map(|s| seats.name(style, s.seat))
        .collect();
    if !out_seats.is_empty() {
        let _ = write!(out, " (sitting out: {})", out_seats.join(", "));
    }
    out.push('\n');
    if !v.auction.is_empty() {
        let _ = writeln!(out, "bidding: {}", auction(style, seats, &v.auction));
    }
    if let Some(d) = v.declarer {
        let _ = write!(
            out,
            "declarer: {} playing {}",
            seats.name(style, d),
            style.bold(&contract(v.contract))
        );
        if let Some(c) = v.called.as_ref().filter(|c| !c.notation.is_empty()) {
            let _ = write!(out, ", called {} ({})", style.card(c), c.name);
        }
        if v.game_level > 0 {
            let _ = write!(out, ", game {}", level(v.game_level));
        }
        out.push('\n');
    }
    let talon: Vec<String> = v
        .seat_views
        .iter()
        .filter(|s| s.talon_received > 0 || s.discard_count > 0)
        .map(|s| {
            let mut t = format!(
                "{} took {}, discarded {}",
                seats.name(style, s.seat),
                s.talon_received,
                s.discard_count
            );
            if let Some(n) = s.discarded_tarokks.filter(|&n| n > 0) {
                let _ = write!(t, " ({n} tarokk{})", if n == 1 { "" } else { "s" });
            }
            if !s.discards.is_empty() {
                let _ = write!(t, ": {}", style.cards(&s.discards));
            }
            t
        })
        .collect();
    if !talon.is_empty() {
        let _ = writeln!(out, "talon: {}", talon.join("; "));
    }
    if let Some(t) = v
        .talon_groups
        .as_ref()
        .filter(|t| t.group_size == 1 && !t.groups.is_empty())
    {
        // A talon turned up card by card: its order, and the run taken.
        let cards: Vec<String> = t
            .groups
            .iter()
            .map(|g| {
                let taken = if g.state == pb::TalonGroupState::Taken as i32 {
                    " (taken)"
                } else {
                    ""
                };
                format!("{} {}{taken}", g.number, style.cards(&g.cards))
            })
            .collect();
        let _ = writeln!(out, "talon in order: {}", cards.join(", "));
    } else if let Some(t) = v.talon_groups.as_ref().filter(|t| !t.groups.is_empty()) {
        let groups: Vec<String> = t
            .groups
            .iter()
            .map(|g| {
                let state = pb::TalonGroupState::try_from(g.state).map_or_else(
                    |_| "?".to_owned(),
                    |s| enum_words(s.as_str_name(), "TALON_GROUP_STATE_"),
                );
                if g.cards.is_empty() {
                    format!("{} {state}", g.number)
                } else {
                    format!("{} {state}: {}", g.number, style.cards(&g.cards))
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "talon groups of {}: {}",
            t.group_size,
            groups.join("; ")
        );
    }
    // Cards of another seat's hand shown to all: four kings laid down before the auction.
    let shown: Vec<String> = v
        .seat_views
        .iter()
        .filter(|s| !s.hand.is_empty() && s.hand.len() < s.hand_size as usize)
        .map(|s| {
            format!(
                "{} shows {}",
                seats.name(style, s.seat),
                style.cards(&s.hand)
            )
        })
        .collect();
    if !shown.is_empty() {
        let _ = writeln!(out, "on the table: {}", shown.join("; "));
    }
    let declared: Vec<String> = v
        .seat_views
        .iter()
        .filter(|s| s.tarokks_declared || s.declared_tarokks > 0)
        .map(|s| {
            format!(
                "{} {} tarokks",
                seats.name(style, s.seat),
                s.declared_tarokks
            )
        })
        .collect();
    if !declared.is_empty() {
        let _ = writeln!(out, "declared: {}", declared.join(", "));
    }
    if !v.announcements.is_empty() {
        let items: Vec<String> = v
            .announcements
            .iter()
            .map(|a| {
                let mut s = format!(
                    "{} by {} ({})",
                    bonus(a.bonus, a.suit),
                    seats.name(style, a.announcer),
                    team(a.team)
                );
                if a.level > 0 {
                    let _ = write!(s, " {}", style.bold(level(a.level)));
                }
                s
            })
            .collect();
        let _ = writeln!(out, "announced: {}", items.join(", "));
    }
    if let Some(d) = &v.danish {
        out.push_str(&danish(style, seats, d));
    }
    let sides: Vec<String> = v
        .seat_views
        .iter()
        .filter(|s| s.team != pb::Team::Unspecified as i32)
        .map(|s| format!("{} {}", seats.name(style, s.seat), team(s.team)))
        .collect();
    if !sides.is_empty() && v.declarer.is_some() {
        let _ = writeln!(out, "sides known: {}", sides.join(", "));
    }
    out
}

/// The trick in progress: who leads and what has been played.
pub(crate) fn current_trick(style: Style, seats: &Seats, v: &pb::GameView) -> String {
    let n = v.tricks.len() + 1;
    match v.current_trick.as_ref() {
        Some(t) if !t.plays.is_empty() => trick(style, seats, n, t),
        Some(t) => format!("trick {n:>2}: {} to lead", seats.name(style, t.leader)),
        None => String::new(),
    }
}

/// The numbered list of legal moves: `  1) play T21   Play XXI`.
pub(crate) fn moves(style: Style, moves: &[pb::LegalMove]) -> String {
    let width = moves
        .iter()
        .map(|m| m.action.as_ref().map_or(0, |a| a.notation.chars().count()))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        let notation = m.action.as_ref().map_or("", |a| a.notation.as_str());
        let shown = m
            .action
            .as_ref()
            .map_or_else(String::new, |a| action(style, a));
        let pad = " ".repeat(width.saturating_sub(notation.chars().count()));
        let _ = writeln!(
            out,
            "  {:>2}) {shown}{pad}   {}",
            i + 1,
            style.dim(&m.label)
        );
    }
    out
}

/// The Danish hand's public state: the pots, a Tout, the fool's named suit, the call for the
/// fool, what the skat may be asked, and the declarations.
fn danish(style: Style, seats: &Seats, d: &pb::DanishState) -> String {
    let mut out = String::new();
    if let [pagat, king] = d.pots[..] {
        let _ = writeln!(out, "pots: pagat {pagat}, king {king}");
    }
    if d.tout_announced {
        let _ = writeln!(out, "the dealer announced {}", style.bold("Tout"));
    }
    if d.fool_named {
        let named = pb::Suit::try_from(d.named_suit)
            .ok()
            .filter(|s| *s != pb::Suit::Unspecified)
            .map_or_else(
                || "trumps".to_owned(),
                |s| enum_words(s.as_str_name(), "SUIT_"),
            );
        let _ = writeln!(out, "the fool led, naming {named}");
    }
    if d.fool_called {
        let _ = writeln!(out, "the fool has been called for");
    }
    if let Some(t) = d.skat_has_trumps {
        let _ = writeln!(
            out,
            "the dealer holds no trump; the skat {} trumps",
            if t { "holds" } else { "holds no" }
        );
    }
    if !d.melds.is_empty() {
        let said: Vec<String> = d
            .melds
            .iter()
            .map(|s| {
                let melds: Vec<&str> = s.melds.iter().map(|m| m.text.as_str()).collect();
                let what = if melds.is_empty() {
                    "pas".to_owned()
                } else {
                    melds.join(", ")
                };
                format!("{} {what}", seats.name(style, s.seat))
            })
            .collect();
        let _ = writeln!(out, "declared: {}", said.join("; "));
    }
    out
}

/// The itemised settlement: one row per ledger line with every seat's payment, then totals.
pub(crate) fn ledger(style: Style, seats: &Seats, l: &pb::Ledger) -> String {
    let n = l.totals.len();
    let mut out = String::new();
    let heads: Vec<String> = (0..n as u32)
        .map(|s| {
            let name = if seats.me == Some(s) {
                "you".to_owned()
            } else {
                format!("S{s}")
            };
            format!("{name:>6}")
        })
        .collect();
    let _ = writeln!(
        out,
        "  {:<32} {:>4} {:>3} {:<4} {:<7}{}",
        "item",
        "base",
        "×",
        "ann.",
        "result",
        heads.join("")
    );
    for item in &l.items {
        let mut what = item.label.clone();
        let owner = match item.seat {
            Some(s) => seats.name(Style { color: false }, s),
            None => team(item.team).to_owned(),
        };
        if !owner.is_empty() {
            let _ = write!(what, " ({owner})");
        }
        if let [pagat, king] = item.pots[..] {
            let _ = write!(what, " [pots {pagat:+}/{king:+}]");
        }
        let what: String = if what.chars().count() > 32 {
            what.chars().take(31).chain(['…']).collect()
        } else {
            what
        };
        let announced = if item.announced { "yes" } else { "" };
        let result = if item.made { "made" } else { "failed" };
        let result_shown = if item.made {
            style.good(&format!("{result:<7}"))
        } else {
            style.bad(&format!("{result:<7}"))
        };
        let pays: String = item
            .payments
            .iter()
            .map(|&p| style.amount_padded(p, 6))
            .collect();
        let _ = writeln!(
            out,
            "  {what:<32} {:>4} {:>3} {announced:<4} {result_shown}{pays}",
            item.base, item.multiplier
        );
    }
    let totals: String = l
        .totals
        .iter()
        .map(|&p| style.amount_padded(p, 6))
        .collect();
    let _ = writeln!(out, "  {}{:<49}{totals}", style.bold("total"), "");
    if let [d, o] = l.card_points[..] {
        let _ = writeln!(out, "  card points: declarers {d}, opponents {o}");
    }
    if let Some(h) = l.hat {
        let _ = writeln!(out, "  {} wears the hat (XXI caught)", seats.name(style, h));
    }
    if let [pagat, king] = l.pots[..] {
        let _ = writeln!(out, "  pots after the hand: pagat {pagat}, king {king}");
    }
    if l.scoring == pb::Scoring::Points as i32 {
        let _ = writeln!(out, "  points credited on the score sheet: nobody pays");
    }
    out
}

/// A Score response: the settlement when final, else the card points so far.
pub(crate) fn score(style: Style, seats: &Seats, s: &pb::ScoreResponse) -> String {
    let mut out = String::new();
    let points: Vec<String> = s
        .card_points_by_seat
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {p}", seats.name(style, i as u32)))
        .collect();
    if !s.r#final {
        let _ = writeln!(
            out,
            "the hand is not over; card points so far: {}",
            points.join(", ")
        );
        return out;
    }
    let _ = writeln!(
        out,
        "{} — hand {}{}",
        style.bold("Settlement"),
        end_reason(s.end),
        if s.multiplier > 1 {
            format!(", round multiplier ×{}", s.multiplier)
        } else {
            String::new()
        }
    );
    if !points.is_empty() && s.end == pb::EndReason::Played as i32 {
        let _ = writeln!(out, "  card points by seat: {}", points.join(", "));
    }
    if let Some(l) = &s.ledger {
        out.push_str(&ledger(style, seats, l));
    }
    out
}

/// The variants, their rule options and the bots, from ListVariants.
pub(crate) fn variants(style: Style, r: &pb::ListVariantsResponse) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "rules version {}", r.rules_version);
    for v in &r.variants {
        let seats: Vec<String> = v.seat_counts.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "\n{}  {} — seats {}, {} cards",
            style.bold(&v.id),
            v.name,
            seats.join(" or "),
            v.pack_size
        );
        for o in &v.options {
            let kind = match pb::OptionType::try_from(o.r#type) {
                Ok(pb::OptionType::Bool) => "bool: true|false".to_owned(),
                Ok(pb::OptionType::Int) => format!("int: {}..={}", o.min, o.max),
                Ok(pb::OptionType::Enum) => format!("enum: {}", o.values.join("|")),
                _ => "unknown type".to_owned(),
            };
            let _ = writeln!(
                out,
                "  {:<28} {kind}  (default {})",
                o.name, o.default_value
            );
            let _ = writeln!(out, "  {:<28} {}", "", style.dim(&o.description));
        }
    }
    let _ = writeln!(out, "\n{}", style.bold("bots (for --bots)"));
    for b in &r.bots {
        let _ = writeln!(out, "  {:<12} {}", b.name, b.description);
    }
    out
}

/// The rules of a variant, a rule a paragraph: its id and statement, and what changes it or
/// why the players keep it themselves.
pub(crate) fn rules(style: Style, r: &pb::DescribeRulesResponse) -> String {
    let mut out = String::new();
    for rule in &r.rules {
        let _ = writeln!(out, "{}  {}", style.bold(&rule.id), rule.text);
        if !rule.option.is_empty() {
            let _ = writeln!(out, "  {}", style.dim(&format!("option: {}", rule.option)));
        }
        if !rule.callers_job.is_empty() {
            let _ = writeln!(
                out,
                "  {}",
                style.dim(&format!("left to the players: {}", rule.callers_job))
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(index: u32, notation: &str) -> pb::Card {
        pb::Card {
            index,
            notation: notation.to_owned(),
            name: String::new(),
        }
    }

    #[test]
    fn groups_follow_the_universal_layout() {
        for (index, expected) in [
            (0, Group::Suit(0)),
            (13, Group::Suit(0)),
            (14, Group::Suit(1)),
            (41, Group::Suit(2)),
            (55, Group::Suit(3)),
            (56, Group::Tarokk),
            (76, Group::Tarokk),
            (77, Group::Skiz),
        ] {
            assert_eq!(group(index), expected, "index {index}");
        }
    }

    #[test]
    fn a_plain_hand_is_sorted_and_grouped() {
        let cards = [
            card(9, "HA"),
            card(76, "T21"),
            card(56, "T1"),
            card(13, "HK"),
            card(77, "SKIZ"),
            card(55, "SK"),
        ];
        let shown = hand(Style { color: false }, &cards, "  ");
        assert_eq!(
            shown,
            "  tarokks    SKIZ T21 T1\n  hearts     HK HA\n  spades     SK\n"
        );
        assert!(!shown.contains('\x1b'));
    }

    #[test]
    fn a_coloured_hand_has_symbols_and_colours() {
        let shown = hand(Style { color: true }, &[card(13, "HK")], "");
        assert!(shown.contains('♥'), "{shown}");
        assert!(shown.contains("\x1b[31mHK\x1b[0m"), "{shown}");
    }

    #[test]
    fn enum_names_read_as_words() {
        assert_eq!(
            bonus(pb::Bonus::KingUltimo as i32, pb::Suit::Hearts as i32),
            "king ultimo (hearts)"
        );
        assert_eq!(bonus(pb::Bonus::Trull as i32, 0), "trull");
        assert_eq!(contract(pb::Contract::Solo as i32), "solo");
        assert_eq!(contract(99), "contract 99");
    }

    #[test]
    fn hidden_discards_are_named_as_such() {
        let a = pb::Action {
            kind: pb::ActionKind::Discard as i32,
            notation: "discard".to_owned(),
            ..Default::default()
        };
        assert_eq!(action(Style { color: false }, &a), "discard (face down)");
        let a = pb::Action {
            kind: pb::ActionKind::Play as i32,
            card: Some(card(76, "T21")),
            notation: "play T21".to_owned(),
            ..Default::default()
        };
        assert_eq!(action(Style { color: false }, &a), "play T21");
    }
}
