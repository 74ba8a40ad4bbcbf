//! Random messages of every shape for the codec tests: defaults and set values, `optional`
//! fields set to zero, negative enums, empty and long strings (lengths of one, two and three
//! varint bytes), empty and long lists. Struct literals are exhaustive, so a new field does not
//! compile until the generator sets it.

#![allow(dead_code)]

use tarock_proto::v1 as pb;

/// xorshift64*: deterministic, good enough to pick shapes.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub(crate) fn bool(&mut self) -> bool {
        self.below(2) == 0
    }

    pub(crate) fn u32(&mut self) -> u32 {
        match self.below(8) {
            0 | 1 => 0,
            2 => 1,
            3 => 127,
            4 => 128,
            5 => 16_384,
            6 => u32::MAX,
            _ => self.next() as u32,
        }
    }

    pub(crate) fn u64(&mut self) -> u64 {
        match self.below(4) {
            0 => 0,
            1 => u64::MAX,
            _ => self.next(),
        }
    }

    pub(crate) fn enum_(&mut self) -> i32 {
        match self.below(7) {
            0 | 1 => 0,
            2 => 1,
            3 => 5,
            4 => -1,
            5 => i32::MIN,
            _ => self.next() as i32,
        }
    }

    pub(crate) fn i64(&mut self) -> i64 {
        match self.below(5) {
            0 => 0,
            1 => -1,
            2 => i64::MIN,
            3 => i64::MAX,
            _ => self.next() as i64,
        }
    }

    pub(crate) fn opt_u32(&mut self) -> Option<u32> {
        if self.bool() {
            None
        } else {
            Some(self.u32())
        }
    }

    pub(crate) fn len(&mut self) -> usize {
        match self.below(100) {
            0..=29 => 0,
            30..=59 => 1 + self.below(4) as usize,
            60..=89 => 1 + self.below(20) as usize,
            90..=98 => 127 + self.below(3) as usize,
            _ => 16_383 + self.below(3) as usize,
        }
    }

    /// A short string, ASCII or (one time in three) with a character of two bytes in UTF-8,
    /// so that decoding meets both and corrupting it can break its UTF-8.
    pub(crate) fn string(&mut self) -> String {
        let n = self.len();
        let mut s: String = (0..n)
            .map(|i| char::from(b'a' + ((i as u64 + self.0) % 26) as u8))
            .collect();
        if self.0 % 3 == 0 {
            s.push('ő');
        }
        s
    }

    pub(crate) fn bytes(&mut self) -> Vec<u8> {
        let n = self.len();
        (0..n).map(|_| self.next() as u8).collect()
    }

    pub(crate) fn count(&mut self) -> usize {
        match self.below(12) {
            0..=3 => 0,
            4..=7 => 1,
            8..=10 => 2 + self.below(4) as usize,
            _ => 10 + self.below(20) as usize,
        }
    }

    pub(crate) fn list<T>(&mut self, f: impl Fn(&mut Rng) -> T) -> Vec<T> {
        let n = self.count();
        (0..n).map(|_| f(self)).collect()
    }

    pub(crate) fn opt<T>(&mut self, f: impl Fn(&mut Rng) -> T) -> Option<T> {
        if self.bool() {
            None
        } else {
            Some(f(self))
        }
    }
}

pub(crate) fn card(r: &mut Rng) -> pb::Card {
    pb::Card {
        index: r.u32(),
        notation: r.string(),
        name: r.string(),
    }
}

pub(crate) fn action(r: &mut Rng) -> pb::Action {
    pb::Action {
        kind: r.enum_(),
        card: r.opt(card),
        contract: r.enum_(),
        bonus: r.enum_(),
        suit: r.enum_(),
        level: r.u32(),
        count: r.u32(),
        notation: r.string(),
        group: r.u32(),
    }
}

pub(crate) fn record(r: &mut Rng) -> pb::GameRecord {
    pb::GameRecord {
        variant: r.string(),
        rules_version: r.u32(),
        options: r.list(|r| pb::RuleOption {
            name: r.string(),
            value: r.string(),
        }),
        seats: r.u32(),
        dealer: r.u32(),
        actions: r.list(action),
        match_state: r.opt(|r| pb::MatchState {
            deals_played: r.u32(),
            totals: r.list(Rng::i64),
            doubled_rounds: r.list(Rng::u32),
            session: r.enum_(),
            skiz_holder: r.opt_u32(),
            session_turns: r.u32(),
            pots: r.list(Rng::i64),
            obliged_bidder: r.opt_u32(),
            radli: r.list(Rng::u32),
        }),
        deal: match r.below(3) {
            0 => None,
            1 => Some(pb::game_record::Deal::Seed(r.bytes())),
            _ => Some(pb::game_record::Deal::ExplicitDeal(pb::ExplicitDeal {
                hands: r.list(|r| pb::Hand {
                    cards: r.list(card),
                }),
                talon: r.list(card),
            })),
        },
    }
}

pub(crate) fn legal_move(r: &mut Rng) -> pb::LegalMove {
    pb::LegalMove {
        action: r.opt(action),
        id: r.u32(),
        label: r.string(),
    }
}

pub(crate) fn trick(r: &mut Rng) -> pb::TrickView {
    pb::TrickView {
        leader: r.u32(),
        plays: r.list(|r| pb::Play {
            seat: r.u32(),
            card: r.opt(card),
        }),
        winner: r.opt_u32(),
    }
}

pub(crate) fn view(r: &mut Rng) -> pb::GameView {
    pb::GameView {
        viewer: r.opt(|r| pb::Viewer {
            role: r.enum_(),
            seat: r.u32(),
        }),
        variant: r.string(),
        seats: r.u32(),
        dealer: r.u32(),
        phase: r.enum_(),
        to_act: r.opt_u32(),
        seat_views: r.list(|r| pb::SeatView {
            seat: r.u32(),
            active: r.bool(),
            hand_size: r.u32(),
            hand: r.list(card),
            discard_count: r.u32(),
            discarded_tarokks: r.opt_u32(),
            discards: r.list(card),
            declared_tarokks: r.u32(),
            team: r.enum_(),
            won: r.list(card),
            talon_received: r.u32(),
            tarokks_declared: r.bool(),
        }),
        auction: r.list(|r| pb::AuctionCall {
            seat: r.u32(),
            action: r.opt(action),
        }),
        declarer: r.opt_u32(),
        contract: r.enum_(),
        talon_size: r.u32(),
        talon: r.list(card),
        called: r.opt(card),
        announcements: r.list(|r| pb::AnnouncedItem {
            bonus: r.enum_(),
            suit: r.enum_(),
            team: r.enum_(),
            level: r.u32(),
            announcer: r.u32(),
        }),
        game_level: r.u32(),
        current_trick: r.opt(trick),
        tricks: r.list(trick),
        history: r.list(|r| pb::HistoryEntry {
            seat: r.u32(),
            action: r.opt(action),
        }),
        end: r.enum_(),
        end_seat: r.opt_u32(),
        moves: r.list(legal_move),
        talon_groups: r.opt(|r| pb::TalonGroups {
            group_size: r.u32(),
            groups: r.list(|r| pb::TalonGroup {
                number: r.u32(),
                state: r.enum_(),
                cards: r.list(card),
            }),
        }),
        danish: r.opt(|r| pb::DanishState {
            pots: r.list(Rng::i64),
            tout_announced: r.bool(),
            skat_has_trumps: r.opt(Rng::bool),
            fool_named: r.bool(),
            named_suit: r.enum_(),
            melds: r.list(|r| pb::SeatMelds {
                seat: r.u32(),
                melds: r.list(|r| pb::Meld {
                    kind: r.enum_(),
                    count: r.u32(),
                    pagat: r.bool(),
                    suit: r.enum_(),
                    missing: r.opt(card),
                    value: r.i64(),
                    text: r.string(),
                }),
            }),
            fool_called: r.bool(),
        }),
    }
}

pub(crate) fn sealed(r: &mut Rng) -> pb::SealedRecord {
    pb::SealedRecord {
        data: r.bytes(),
        move_count: r.u64(),
    }
}

pub(crate) fn event(r: &mut Rng) -> pb::Event {
    pb::Event {
        kind: r.enum_(),
        seat: r.opt_u32(),
        card: r.opt(card),
        phase: r.enum_(),
        bonus: r.enum_(),
        suit: r.enum_(),
        team: r.enum_(),
        end: r.enum_(),
    }
}
