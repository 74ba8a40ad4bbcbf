//! Telling what an action did, from ApplyAction's answer: the action as the viewer may see it,
//! the talon handed out, tricks won, partners revealed, bonuses, the end of the hand.

use crate::render::{self, Seats, Style};
use std::fmt::Write as _;
use tarock_proto::v1 as pb;

/// Prints the story of a hand for one viewer.
#[derive(Clone, Debug)]
pub(crate) struct Narrator {
    /// Colours or plain.
    pub(crate) style: Style,
    /// Seat names.
    pub(crate) seats: Seats,
    /// Show every visible hand as the discards and the play begin (the referee's story).
    pub(crate) hands_at_phase: bool,
}

impl Narrator {
    /// The lines for one applied action: `before` is the view before it, `after` the answer.
    /// `prefix` goes in front of the action line (e.g. its index in a replay).
    pub(crate) fn action(
        &self,
        prefix: &str,
        actor: u32,
        before: &pb::GameView,
        after: &pb::ApplyActionResponse,
    ) -> String {
        let style = self.style;
        let mut out = String::new();
        let Some(view) = after.view.as_ref() else {
            return out;
        };
        let shown = view
            .history
            .last()
            .and_then(|h| h.action.as_ref())
            .map_or_else(|| "?".to_owned(), |a| render::action(style, a));
        let _ = writeln!(
            out,
            "{prefix}{}: {shown}",
            self.seats.long_name(style, actor)
        );
        for e in &after.events {
            out.push_str(&self.event(e, before, view));
        }
        out
    }

    fn event(&self, e: &pb::Event, before: &pb::GameView, view: &pb::GameView) -> String {
        let style = self.style;
        let seats = &self.seats;
        let seat = |s: Option<u32>| s.map_or_else(|| "?".to_owned(), |s| seats.name(style, s));
        let mut out = String::new();
        match pb::EventKind::try_from(e.kind) {
            Ok(pb::EventKind::PhaseChanged) => {
                if e.phase == pb::Phase::Over as i32 {
                    return out;
                }
                if e.phase == pb::Phase::Discard as i32 {
                    out.push_str(&self.talon(before, view));
                }
                let _ = writeln!(
                    out,
                    "{}",
                    style.bold(&format!("── {} ──", render::phase(e.phase)))
                );
                if e.phase == pb::Phase::Announce as i32 || e.phase == pb::Phase::Play as i32 {
                    if let Some(d) = view.declarer {
                        let _ = writeln!(
                            out,
                            "   {} plays {}",
                            seats.name(style, d),
                            style.bold(&render::contract(view.contract))
                        );
                    }
                }
                // The hands change when the talon is handed out and when the discards are
                // done: show them as the discards and the play begin.
                if self.hands_at_phase
                    && (e.phase == pb::Phase::Discard as i32 || e.phase == pb::Phase::Play as i32)
                {
                    out.push_str(&self.hands(view));
                }
            }
            Ok(pb::EventKind::TrickWon) => {
                if let Some(t) = view.tricks.last() {
                    let _ = writeln!(
                        out,
                        "   {}",
                        render::trick(style, seats, view.tricks.len(), t)
                    );
                }
            }
            Ok(pb::EventKind::PartnerRevealed) => {
                let card = e
                    .card
                    .as_ref()
                    .map_or_else(String::new, |c| format!(" ({} played)", style.card(c)));
                let who = e.seat.map_or_else(
                    || "? is".to_owned(),
                    |s| seats.with_verb(style, s, "is", "are"),
                );
                let _ = writeln!(out, "   {who} revealed as the declarer's partner{card}");
            }
            Ok(pb::EventKind::Hat) => {
                let _ = writeln!(out, "   {}'s XXI is caught: the hat", seat(e.seat));
            }
            Ok(pb::EventKind::BonusMade) => {
                let _ = writeln!(
                    out,
                    "   {} {} {}",
                    render::team(e.team),
                    style.good("made"),
                    render::bonus(e.bonus, e.suit)
                );
            }
            Ok(pb::EventKind::BonusFailed) => {
                let _ = writeln!(
                    out,
                    "   {} {} {}",
                    render::team(e.team),
                    style.bad("failed"),
                    render::bonus(e.bonus, e.suit)
                );
            }
            Ok(pb::EventKind::HandOver) => {
                let _ = writeln!(
                    out,
                    "{}",
                    style.bold(&format!("── hand over: {} ──", render::end_reason(e.end)))
                );
            }
            Ok(pb::EventKind::Unspecified) | Err(_) => {}
        }
        out
    }

    /// Who took how many talon cards, and which, where the viewer sees the hand.
    fn talon(&self, before: &pb::GameView, view: &pb::GameView) -> String {
        let style = self.style;
        let mut out = String::new();
        for sv in view.seat_views.iter().filter(|s| s.talon_received > 0) {
            let _ = write!(
                out,
                "   {} {} talon card{}",
                self.seats.with_verb(style, sv.seat, "takes", "take"),
                sv.talon_received,
                if sv.talon_received == 1 { "" } else { "s" }
            );
            let old: Vec<u32> = before
                .seat_views
                .iter()
                .find(|b| b.seat == sv.seat)
                .map(|b| b.hand.iter().map(|c| c.index).collect())
                .unwrap_or_default();
            let new: Vec<&pb::Card> = sv.hand.iter().filter(|c| !old.contains(&c.index)).collect();
            if !old.is_empty() && !new.is_empty() {
                let _ = write!(out, ": {}", style.cards(new));
            }
            out.push('\n');
        }
        out
    }

    /// Every hand the view shows, one block per seat, and the talon when visible.
    pub(crate) fn hands(&self, view: &pb::GameView) -> String {
        let style = self.style;
        let mut out = String::new();
        for sv in view.seat_views.iter().filter(|s| !s.hand.is_empty()) {
            let _ = writeln!(
                out,
                "   {} ({} cards):",
                self.seats.long_name(style, sv.seat),
                sv.hand.len()
            );
            out.push_str(&render::hand(style, &sv.hand, "     "));
        }
        // The referee's view keeps listing the talon after it is handed out; in its order when
        // the view gives it card by card (the Austrian talon turned up).
        if !view.talon.is_empty() && view.talon_size > 0 {
            let ordered: Vec<pb::Card> = view
                .talon_groups
                .iter()
                .flat_map(|t| t.groups.iter().flat_map(|g| g.cards.iter().cloned()))
                .collect();
            let talon = if ordered.len() == view.talon.len() {
                &ordered
            } else {
                &view.talon
            };
            let _ = writeln!(out, "   talon: {}", style.cards(talon));
        }
        out
    }
}
