//! What one seat's views show, step by step: the facts a world must show it too.

use super::{
    Action, AnyGame, Bonus, Card, Contract, Game, Ledger, Melds, Observe, Seat, Stage, TalonGroups,
    Team, Viewer, Visible, MAX_SEATS,
};

/// The public facts of one seat in a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SeatFacts {
    pub(super) hand: u8,
    pub(super) discards: u8,
    pub(super) received: u8,
    pub(super) discarded_tarokks: Option<u8>,
    pub(super) declared: Option<u8>,
    pub(super) side: Option<Team>,
}

/// The Danish hand's public state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DanishFacts {
    pub(super) pots: [i64; 2],
    pub(super) tout: bool,
    pub(super) skat_has_trumps: Option<bool>,
    pub(super) named: Option<Option<crate::card::Suit>>,
    pub(super) fool_called: bool,
    pub(super) melds: [Option<Melds>; MAX_SEATS],
}

/// What one seat's view shows at one moment (besides the announcements and legal actions,
/// kept apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seen {
    pub(super) visible: Visible,
    pub(super) stage: Stage,
    pub(super) to_act: Option<Seat>,
    pub(super) seats: [SeatFacts; MAX_SEATS],
    pub(super) called: Option<Card>,
    pub(super) declarer: Option<(Seat, Contract)>,
    pub(super) game_level: u8,
    pub(super) talon_left: u8,
    pub(super) groups: Option<TalonGroups>,
    pub(super) danish: Option<DanishFacts>,
}

pub(super) fn seen(g: &AnyGame, me: Seat) -> Seen {
    let table = g.table_info();
    let viewer = Viewer::Seat(me);
    let mut seats = [SeatFacts {
        hand: 0,
        discards: 0,
        received: 0,
        discarded_tarokks: None,
        declared: None,
        side: None,
    }; MAX_SEATS];
    for s in Seat::all(table.seats) {
        seats[s.index()] = SeatFacts {
            hand: g.hand(s).len() as u8,
            discards: g.discards(s).len() as u8,
            received: g.talon_received(s).len() as u8,
            discarded_tarokks: g.discarded_tarokks(s),
            declared: g.declared_count(s),
            side: g.side_known_to(viewer, s),
        };
    }
    let danish = g.as_danish().map(|d| {
        let mut melds = [None; MAX_SEATS];
        for s in Seat::all(table.seats) {
            melds[s.index()] = d.melds_of(s);
        }
        DanishFacts {
            pots: d.pots(),
            tout: d.tout_announced(),
            skat_has_trumps: d.skat_has_trumps(),
            named: d.named_suit(),
            fool_called: d.fool_called(),
            melds,
        }
    });
    Seen {
        visible: g.visible(viewer),
        stage: g.stage(),
        to_act: g.to_act(),
        seats,
        called: g.called(),
        declarer: g.declarer(),
        game_level: g.game_level(),
        talon_left: g.talon_remaining().len() as u8,
        groups: g.talon_groups(),
        danish,
    }
}

/// One announced item as a view shows it.
pub(super) type Announced = (Bonus, Team, u8, Seat);

/// Whether the announcements are read at step `k` (before action `k`): at the start and after
/// every action that is not a card play (card plays change no announcement).
pub(super) fn reads_announcements(actions: &[Action], k: usize) -> bool {
    k == 0 || !matches!(actions.get(k - 1), Some(Action::Play(_)))
}

/// Everything the seat's views showed, step by step: what a world must show it too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Views {
    /// The actions with hidden discards masked (their card replaced by a placeholder).
    pub(super) actions: Vec<Action>,
    /// Indices of the hidden discards, with the seat that made each.
    pub(super) hidden: Vec<(usize, Seat)>,
    /// The view before each action and after the last.
    pub(super) steps: Vec<Seen>,
    /// Announced items, flat, with the range of each step that reads them.
    pub(super) announced: Vec<Announced>,
    pub(super) announced_at: Vec<(u32, u32)>,
    /// The legal actions of the seat's turns, flat, with each step's range.
    pub(super) legal: Vec<Action>,
    pub(super) legal_at: Vec<(u32, u32)>,
    /// The settlement, once the hand is over.
    pub(super) settlement: Option<Ledger>,
}
