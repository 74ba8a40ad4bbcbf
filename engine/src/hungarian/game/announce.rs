//! The round of announcements (HU-CALL, HU-ANN): the call, tarokk declarations, bonuses and
//! kontras, and the listing of a turn's legal actions from masks of bonuses.

use super::*;

/// The legal actions of a turn of announcements after the call (see
/// [`Hungarian::announce_turn`]), in the order they are listed.
#[derive(Clone, Copy, Debug)]
pub(super) struct AnnounceTurn {
    /// The turn may end with a pass.
    pub(super) pass: bool,
    /// A declaration of this many tarokks.
    pub(super) declare: Option<u8>,
    /// The bonuses that may be announced (bit `bonus_index`).
    pub(super) announce: u64,
    /// A kontra on the game at this level.
    pub(super) game_kontra: Option<u8>,
    /// The other team's items that may be kontra'd (one step up)…
    pub(super) kontras: u64,
    /// …and one's own team's items that may be answered.
    pub(super) rekontras: u64,
    /// The team index of the seat to act, and of the other team.
    pub(super) own: usize,
    pub(super) other: usize,
}

/// One entry of an announcement turn's listing: an announcement and a kontra on a bonus by the
/// item they concern.
#[derive(Clone, Copy, Debug)]
pub(super) enum TurnPick {
    /// A pass, a declaration or a kontra on the game.
    Action(Action),
    /// The announcement of the bonus of this index.
    Announce(usize),
    /// The next kontra level on this team's item of this bonus index.
    Kontra(usize, usize),
}

/// A kontra level said by the side whose turn it is not (HU-ANN-24).
pub(super) const KONTRA_SIDES_ALTERNATE: Violation = Violation::illegal(
    "HU-ANN-24",
    "the kontra levels alternate between the two sides",
);

/// The rules an announcement can break, in the order [`Hungarian::check_announce`] reports them;
/// [`Hungarian::announce_refusals`] gives the bonuses each one forbids. The first entry, a bonus
/// the game does not have, names PK-ANN-03 instead in Paskievics.
pub(super) const ANNOUNCE_RULES: [Violation; 10] = [
    Violation::illegal("HV-ANN-13", "this bonus does not exist in this game"),
    Violation::illegal("HU-ANN-05", "your team has already announced this bonus"),
    Violation::illegal(
        "HU-ANN-17",
        "the table would take you for the other side: say kontra to the game or a bonus first",
    ),
    Violation::illegal(
        "HU-ANN-07",
        "double game and volát may not be announced in the same turn",
    ),
    Violation::illegal(
        "HU-ANN-08",
        "a team that announced volát may not announce double game",
    ),
    Violation::illegal(
        "HV-ANN-11",
        "long double game needs at least seven tarokks",
    ),
    Violation::illegal(
        "HV-ANN-10",
        "párosfácán may be announced only by an opponent of the player who leads to the first trick",
    ),
    Violation::illegal(
        "HU-ANN-12",
        "an uhu may not be downgraded to the ultimó of the same card",
    ),
    Violation::illegal(
        "HV-ANN-04",
        "an ultimó may not be upgraded to an uhu under these rules",
    ),
    Violation::illegal(
        "HU-ANN-10",
        "only the partner of the ultimó's announcer may upgrade it to the uhu",
    ),
];

impl Hungarian {
    pub(super) fn start_announcements(&mut self) {
        self.phase = Phase::Announce;
        for s in Seat::all(self.core.table.seats) {
            self.tarokks_at_play[s] = (self.core.hands[s] & CardSet::TAROKKS).len() as u8;
        }
        self.core.to_act = self.declarer;
        self.ann.identified[self.declarer] = true;
        self.ann.round = Round::default();
        self.reset_turn();
    }

    /// The declarer's first turn of the round of announcements is under way: the declarer
    /// speaks first, so until the declarer passes (HU-CALL-02).
    pub(super) fn declarers_first_turn(&self) -> bool {
        self.ann.round.first_turn(self.declarer)
    }

    pub(super) fn reset_turn(&mut self) {
        self.ann.turn_double = false;
        self.ann.turn_volat = false;
        self.ann.turn_ulti = false;
    }

    /// The standing items of both teams, declarer's team first, in bonus order.
    pub(super) fn items(&self) -> impl Iterator<Item = Item> + '_ {
        [Team::Declarer, Team::Opponents]
            .into_iter()
            .flat_map(move |t| self.team_items(t, u64::MAX))
    }

    /// The standing items of one team among the bonuses in `filter`.
    pub(super) fn team_items(&self, t: Team, filter: u64) -> impl Iterator<Item = Item> + '_ {
        let ti = team_index(t);
        let mut bits = self.ann.mask[ti] & filter;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Item {
                bonus: ALL_BONUSES[i],
                team: t,
                level: self.ann.levels[ti][i],
                announcer: self.ann.announcers[ti][i],
            })
        })
    }

    pub(super) fn standing(&self, b: Bonus, t: Team) -> Option<Item> {
        let (ti, i) = (team_index(t), bonus_index(b));
        (self.ann.mask[ti] & (1 << i) != 0).then(|| Item {
            bonus: b,
            team: t,
            level: self.ann.levels[ti][i],
            announcer: self.ann.announcers[ti][i],
        })
    }

    /// The cue bid by another player that the declarer must call (HU-CALL-08): the first one.
    pub(super) fn forced_cue(&self) -> Option<(Seat, Card)> {
        self.cue_bids()
            .iter()
            .copied()
            .find(|(s, _)| *s != self.declarer)
    }

    /// The card the declarer must call, if the call is forced (HU-CALL-08/09).
    pub(super) fn forced_call(&self) -> Option<Card> {
        if let Some((_, c)) = self.forced_cue() {
            return Some(c);
        }
        self.auction.yielder.map(|_| Card::XX)
    }

    pub(super) fn check_call(&self, c: Card) -> Result<(), Violation> {
        if let Some(forced) = self.forced_call() {
            if c != forced {
                return Err(if self.forced_cue().is_some() {
                    Violation::illegal(
                        "HU-CALL-08",
                        "the declarer must call the tarokk another player's cue bid showed",
                    )
                } else {
                    Violation::illegal(
                        "HU-CALL-09",
                        "in a yielded game the declarer must call the XX",
                    )
                });
            }
            return Ok(());
        }
        if c == Card::XX {
            return Ok(());
        }
        let mine = self.core.hands[self.declarer];
        if mine.contains(Card::XX) {
            let below =
                (CardSet::TAROKKS_NUMBERED & CardSet((1u128 << Card::XX.index()) - 1)) - mine;
            if below.highest() == Some(c) {
                return Ok(());
            }
        }
        let others_discarded = Seat::all(self.core.table.seats)
            .any(|s| s != self.declarer && self.discards[s].intersects(CardSet::TAROKKS));
        if others_discarded && CardSet::TAROKKS.contains(c) && !CardSet::HONOURS.contains(c) {
            if self.o.game == Kind::Paskievics && mine.contains(c) {
                return Err(Violation::illegal(
                    "PK-CALL-01",
                    "the declarer may not call a tarokk of their own hand",
                ));
            }
            return Ok(());
        }
        Err(if others_discarded {
            Violation::illegal(
                "HU-CALL-06",
                "only a tarokk that is not an honour may be called",
            )
        } else if mine.contains(Card::XX) {
            Violation::illegal(
                "HU-CALL-04",
                "holding the XX you may call it or the highest tarokk below it you do not hold",
            )
        } else {
            Violation::illegal("HU-CALL-03", "the declarer must call the XX")
        })
    }

    pub(super) fn apply_call(&mut self, c: Card) {
        self.ann.called = Some(c);
        self.ann.called_discarder = Seat::all(self.core.table.seats)
            .find(|&s| s != self.declarer && self.discards[s].contains(c));
        let holder = Seat::all(self.core.table.seats).find(|&s| self.core.hands[s].contains(c));
        self.partner = holder.filter(|&s| s != self.declarer);
        // A cue bidder or yielder whose card had to be called is known to be the partner
        // (HU-ANN-18).
        if self.forced_call().is_some() {
            if let Some(p) = self.partner {
                self.identify(p);
            }
        }
    }

    pub(super) fn identify(&mut self, s: Seat) {
        self.ann.identified[s] = true;
        if Some(s) == self.partner {
            // Once the partner is known, so is everyone else's side.
            for t in Seat::all(self.core.table.seats) {
                self.ann.identified[t] = true;
            }
        }
    }

    /// The side the table presumes an unidentified announcer to be on (HU-ANN-14/15).
    pub(super) fn presumed_team(&self) -> Team {
        self.ann
            .last_announcer
            .map_or(Team::Declarer, |s| self.team_of(s))
    }

    /// The bonuses that exist in this game (PK-ANN-03, H10, HV-ANN-13), as a mask of indices.
    pub(super) fn existing_bonuses(&self) -> u64 {
        let sas = if self.o.sas_bonuses { SAS_BONUSES } else { 0 };
        let catch = if self.o.pagat_catch_bonus {
            bit(Bonus::PagatCatch)
        } else {
            0
        };
        match self.o.game {
            // The H10 options add their bonuses to Paskievics too: the settlement already scores
            // a silent sas ultimó whenever `sas_bonuses` is on.
            Kind::Paskievics => BASIC_BONUSES | sas | catch,
            Kind::Illustrated => BASIC_BONUSES | ILLUSTRATED_BONUSES | sas | catch,
            Kind::High => (ALL_BONUS_BITS & !bit(Bonus::PagatCatch)) | catch,
        }
    }

    /// A declaration of `n` tarokks by `s` (HU-ANN-26..28, HV-ANN-01).
    pub(super) fn check_declare(&self, s: Seat, n: u8) -> Result<(), Violation> {
        if self.ann.declared[s] != 0 {
            return Err(Violation::illegal(
                "HU-ANN-26",
                "tarokks can be declared only once",
            ));
        }
        let held = self.tarokk_count(s);
        let max = if self.o.pack54 { 12 } else { 9 };
        if held < 8 || held > max {
            return Err(Violation::illegal(
                "HU-ANN-26",
                "only a player holding 8 or more tarokks may declare them",
            ));
        }
        if n != held {
            return Err(Violation::illegal(
                "HU-ANN-28",
                "tarokks must be declared at their true number",
            ));
        }
        if self.o.tarokk_declaration_identifies_side
            && !self.ann.identified[s]
            && self.presumed_team() != self.team_of(s)
        {
            return Err(Violation::illegal(
                    "HV-ANN-01",
                    "a declaration presumes you on the side of the last announcer: say kontra first to show your side",
                ));
        }
        Ok(())
    }

    pub(super) fn check_announce_phase(&self, s: Seat, a: Action) -> Result<(), Violation> {
        let first = self.declarers_first_turn();
        let must_call = first && self.ann.called.is_none();
        match a {
            Action::Call(c) => {
                if !first || self.ann.called.is_some() {
                    return Err(Violation::illegal(
                        "HU-CALL-02",
                        "only the declarer calls, once, in their first turn",
                    ));
                }
                self.check_call(c)
            }
            Action::Declare(Declaration::Tarokks(n)) => self.check_declare(s, n),
            Action::Announce(b) | Action::Kontra(Target::Bonus(b), _) if !is_hungarian_bonus(b) => {
                Err(Violation::illegal(
                    "HV-ANN-13",
                    "this bonus is not one of this game's",
                ))
            }
            Action::Announce(b) => {
                if must_call {
                    return Err(Violation::illegal(
                        "HU-CALL-02",
                        "the declarer calls a partner before announcing bonuses",
                    ));
                }
                self.check_announce(s, b)
            }
            Action::Kontra(t, level) => {
                if must_call {
                    return Err(Violation::illegal(
                        "HU-CALL-02",
                        "the declarer calls a partner first",
                    ));
                }
                self.check_kontra(s, t, level)
            }
            Action::Pass => self.check_end_turn(s),
            _ => Err(Violation::wrong_phase(
                "HU-ANN-03",
                "in the round of announcements: declare, call, announce, kontra or pass",
            )),
        }
    }

    /// For each rule of [`ANNOUNCE_RULES`], the bonuses it forbids `s` to announce now. One
    /// computation serves both [`Hungarian::check_announce`] (the first rule whose mask holds
    /// the bonus) and the listing (every bonus outside all masks), so the two cannot disagree.
    #[inline]
    pub(super) fn announce_refusals(&self, s: Seat) -> [u64; ANNOUNCE_RULES.len()] {
        let team = self.team_of(s);
        let own = self.ann.mask[team_index(team)];
        let mut r = [0u64; ANNOUNCE_RULES.len()];
        // HV-ANN-13, PK-ANN-03: bonuses this game does not have. The later rules need not
        // mention these (the first rule that forbids a bonus is the one reported), so rules
        // that concern only bonuses the game lacks are not evaluated.
        let exists = self.existing_bonuses();
        r[0] = ALL_BONUS_BITS & !exists;
        // HU-ANN-05: the team's standing bonuses, and both double games once either stands.
        r[1] = own
            | if own & DOUBLE_GAMES != 0 {
                DOUBLE_GAMES
            } else {
                0
            };
        // Branch-free where the condition follows the random course of the round.
        // HU-ANN-17: an unidentified player the table presumes on the other side.
        r[2] = ALL_BONUS_BITS & all_if(!self.ann.identified[s] & (self.presumed_team() != team));
        // HU-ANN-07: double game and volát in the same turn.
        if !self.o.double_and_volat_same_turn {
            r[3] = (DOUBLE_GAMES & all_if(self.ann.turn_volat))
                | (bit(Bonus::Volat) & all_if(self.ann.turn_double));
        }
        // HU-ANN-08: no double game after the team's volát.
        r[4] = DOUBLE_GAMES & all_if(own & bit(Bonus::Volat) != 0);
        // HV-ANN-11: long double game promises seven tarokks.
        if exists & bit(Bonus::LongDoubleGame) != 0 && self.tarokk_count(s) < 7 {
            r[5] = bit(Bonus::LongDoubleGame);
        }
        // HV-ANN-10: párosfácán only against the player who leads to the first trick.
        if exists & bit(Bonus::ParosFacan) != 0
            && self.team_of(self.core.table.first_active()) == team
        {
            r[6] = bit(Bonus::ParosFacan);
        }
        // HU-ANN-12: no ultimó where the team's uhu of the same card stands.
        r[7] = uhus_to_ultimos(own);
        if self.o.allow_ulti_to_uhu_upgrade {
            // HU-ANN-10: only the partner of the ultimó's announcer upgrades it. The standing
            // items `s` announced are those of `announced_by` (see `apply_announce`).
            r[9] = ultimos_to_uhus(own & self.ann.announced_by[s]);
        } else {
            // HV-ANN-04: no upgrade at all.
            r[8] = ultimos_to_uhus(own);
        }
        r
    }

    /// The bonuses `s` may announce now, as a mask of indices.
    pub(super) fn announceable(&self, s: Seat) -> u64 {
        let refused = self
            .announce_refusals(s)
            .iter()
            .fold(0u64, |acc, &m| acc | m);
        ALL_BONUS_BITS & !refused
    }

    pub(super) fn check_announce(&self, s: Seat, b: Bonus) -> Result<(), Violation> {
        let b = bit(b);
        let refusals = self.announce_refusals(s);
        match refusals.iter().position(|&m| m & b != 0) {
            None => Ok(()),
            Some(0) if self.o.game == Kind::Paskievics => Err(Violation::illegal(
                "PK-ANN-03",
                "this bonus does not exist in paskievics tarokk",
            )),
            Some(k) => Err(ANNOUNCE_RULES[k]),
        }
    }

    pub(super) fn max_level(&self) -> u8 {
        self.o.max_kontra_level.clamp(1, 5)
    }

    pub(super) fn check_kontra(&self, s: Seat, t: Target, level: u8) -> Result<(), Violation> {
        if level == 0 || level > self.max_level() {
            return Err(Violation::illegal(
                "HU-ANN-24",
                "no kontra level beyond the highest allowed",
            ));
        }
        // Odd levels are said by the side opposing the announcer, even levels by the announcer's.
        let by_opposing = level % 2 == 1;
        let team = self.team_of(s);
        match t {
            Target::Game if self.game_kontra_allowed(s, level) => Ok(()),
            Target::Game => Err(if level != self.ann.game_level + 1 {
                Violation::illegal("HU-ANN-24", "kontra levels go up one step at a time")
            } else if !by_opposing
                && team == Team::Declarer
                && self.o.game == Kind::Paskievics
                && s != self.declarer
            {
                Violation::illegal(
                    "PK-ANN-04",
                    "only the declarer, who announced the game, may rekontra it",
                )
            } else if level == 1 {
                Violation::illegal(
                    "HU-ANN-19",
                    "only an opponent of the declarer may kontra the game",
                )
            } else {
                KONTRA_SIDES_ALTERNATE
            }),
            Target::Bonus(b) => self.check_bonus_kontra(s, team, bonus_index(b), level),
        }
    }

    /// Whether `s` may say kontra at `level` on the game: the next level (HU-ANN-24) within the
    /// highest allowed, odd levels by the opponents and even ones by the declarer's side
    /// (HU-ANN-19, HU-ANN-24), in Paskievics the even ones by the declarer alone (PK-ANN-04).
    /// Branch-free: the listing asks this every turn.
    pub(super) fn game_kontra_allowed(&self, s: Seat, level: u8) -> bool {
        let by_opposing = level % 2 == 1;
        let declarer_side = self.team_of(s) == Team::Declarer;
        let paskievics_partner =
            declarer_side & (self.o.game == Kind::Paskievics) & (s != self.declarer);
        (level != 0)
            & (level <= self.max_level())
            & (level == self.ann.game_level + 1)
            & (by_opposing != declarer_side)
            & !(paskievics_partner & !by_opposing)
    }

    /// A kontra at `level` (already within the allowed levels) by `s` of team `team` on the
    /// item of bonus index `i`. The listing calls this for each standing item with what every
    /// candidate shares (the speaker's team) computed once.
    #[inline]
    pub(super) fn check_bonus_kontra(
        &self,
        s: Seat,
        team: Team,
        i: usize,
        level: u8,
    ) -> Result<(), Violation> {
        // Odd levels are said by the side opposing the announcer, even levels by the announcer's.
        let by_opposing = level % 2 == 1;
        let announcer_team = if by_opposing { team.other() } else { team };
        let at = team_index(announcer_team);
        if self.ann.mask[at] & (1 << i) == 0 {
            // No item of the team this level answers. If nobody announced the bonus it cannot be
            // kontra'd at all (HU-ANN-21); otherwise the player's own team announced it (a
            // kontra, HU-ANN-20) or the level is the other side's to say (rekontra and up,
            // HU-ANN-24).
            let announced = self.ann.mask[1 - at] & (1 << i) != 0;
            return Err(if !announced {
                Violation::illegal("HU-ANN-21", "only an announced bonus can be kontra'd")
            } else if level == 1 {
                Violation::illegal(
                    "HU-ANN-20",
                    "only a bonus announced by the other team can be kontra'd (and rekontra'd by the announcing team)",
                )
            } else {
                KONTRA_SIDES_ALTERNATE
            });
        }
        if level != self.ann.levels[at][i] + 1 {
            return Err(Violation::illegal(
                "HU-ANN-24",
                "kontra levels go up one step at a time",
            ));
        }
        // PK-ANN-04: in Parlett's game only the announcer answers a kontra on their item.
        if !by_opposing && self.o.game == Kind::Paskievics && self.ann.announcers[at][i] != s {
            return Err(Violation::illegal(
                "PK-ANN-04",
                "only the player who announced a bonus may rekontra it",
            ));
        }
        Ok(())
    }

    /// Whether the round of announcements opens with the declarer's call of a partner still to
    /// make (HU-ANN-02): until then the turn is the call, not a turn of announcements.
    pub(super) fn call_pending(&self) -> bool {
        self.declarers_first_turn() && self.ann.called.is_none()
    }

    pub(super) fn check_end_turn(&self, s: Seat) -> Result<(), Violation> {
        if self.call_pending() {
            return Err(Violation::illegal(
                "HU-ANN-02",
                "the declarer must call a partner before passing",
            ));
        }
        if self.ann.game_level == 0 && self.ann.called_discarder == Some(s) {
            return Err(Violation::illegal(
                "HU-ANN-25",
                "the player who discarded the called tarokk must kontra the game",
            ));
        }
        // The tarokk count first: it is the same all round, the others change with every turn.
        if self.tarokk_count(s) >= 8 && self.ann.declared[s] == 0 && self.ann.turn_ulti {
            return Err(Violation::illegal(
                "HU-ANN-27",
                "announcing or kontra-ing an ultimó or uhu obliges you to declare your tarokks",
            ));
        }
        let team = self.team_of(s);
        // The announcement obligations below bind only while the announcement is possible, so
        // that no position is left without a legal action (e.g. a pagát cue bidder on the
        // opposing side who cannot yet show that side).
        let owes_pagat_ulti = || {
            self.standing(Bonus::PagatUltimo, team).is_none()
                && self.standing(Bonus::PagatUhu, team).is_none()
                && self.check_announce(s, Bonus::PagatUltimo).is_ok()
        };
        if self.auction.pagat_cue == Some(s) && owes_pagat_ulti() {
            return Err(Violation::illegal(
                "PK-ANN-02",
                "a cue bid on the pagát alone obliges you to announce pagát ultimó",
            ));
        }
        if self.declarers_first_turn()
            && self.o.overcaller_must_announce
            && self.forced_cue().is_some()
        {
            let h = self.core.hands[s];
            if h.intersects(CardSet::HIGH_HONOURS)
                && self.standing(Bonus::Trull, team).is_none()
                && self.check_announce(s, Bonus::Trull).is_ok()
            {
                return Err(Violation::illegal(
                    "HV-ANN-03",
                    "winning over a cue bid with a high honour obliges you to announce trull",
                ));
            }
            if !h.intersects(CardSet::HIGH_HONOURS) && h.contains(Card::PAGAT) && owes_pagat_ulti()
            {
                return Err(Violation::illegal(
                    "HV-ANN-03",
                    "winning over a cue bid with only the pagát obliges you to announce pagát ultimó",
                ));
            }
        }
        Ok(())
    }

    pub(super) fn apply_announce_phase(&mut self, s: Seat, a: Action) {
        match a {
            Action::Call(c) => {
                self.apply_call(c);
                self.ann.round.act();
            }
            Action::Declare(Declaration::Tarokks(n)) => {
                self.ann.declared[s] = n;
                self.ann.round.act();
                if self.o.tarokk_declaration_identifies_side {
                    self.ann.last_announcer = Some(s);
                    self.identify(s);
                }
            }
            Action::Announce(b) => self.apply_announce(s, bonus_index(b)),
            Action::Kontra(Target::Game, level) => {
                self.ann.game_level = level;
                self.spoke(s);
            }
            Action::Kontra(Target::Bonus(b), level) => {
                let team = self.team_of(s);
                let announcer_team = if level % 2 == 1 { team.other() } else { team };
                self.apply_kontra(s, team_index(announcer_team), bonus_index(b), level);
            }
            Action::Pass => {
                self.reset_turn();
                // Silent turns by all but one of the players in a row end the round.
                if self.ann.round.end_turn(s, self.active_count() - 1, 0) {
                    self.end_announcements();
                } else {
                    self.core.to_act = self.core.table.next_active(s);
                }
            }
            _ => {}
        }
    }

    /// The announcement by `s` of the bonus of index `i`.
    pub(super) fn apply_announce(&mut self, s: Seat, i: usize) {
        let ti = team_index(self.team_of(s));
        let b = 1u64 << (i & 63);
        // HU-ANN-09: the uhu replaces the team's ultimó of the same card.
        self.ann.mask[ti] = (self.ann.mask[ti] & !uhus_to_ultimos(b)) | b;
        self.set_level(ti, i, 0);
        self.ann.announcers[ti][i] = s;
        // No bit is ever cleared: a team cannot announce a bonus it has standing (HU-ANN-05),
        // and the one item that stops standing, an ultimó replaced by its uhu, cannot be
        // announced again (HU-ANN-12), so a stale bit never meets a standing item of its team.
        self.ann.announced_by[s] |= b;
        self.ann.turn_double |= b & DOUBLE_GAMES != 0;
        self.ann.turn_volat |= b & bit(Bonus::Volat) != 0;
        self.ann.turn_ulti |= b & DECLARATION_TRIGGERS != 0;
        self.spoke(s);
    }

    /// A kontra by `s` at `level` on team `ti`'s item `i`.
    pub(super) fn apply_kontra(&mut self, s: Seat, ti: usize, i: usize, level: u8) {
        self.set_level(ti, i, level);
        self.ann.turn_ulti |= (1u64 << (i & 63)) & DECLARATION_TRIGGERS != 0;
        self.spoke(s);
    }

    /// `s` announced or said kontra: the table now knows `s`'s side, and the turn did more than
    /// pass.
    pub(super) fn spoke(&mut self, s: Seat) {
        self.ann.last_announcer = Some(s);
        self.identify(s);
        self.ann.round.act();
    }

    /// Sets the kontra level of team `ti`'s item `i`, keeping the derived masks in step.
    pub(super) fn set_level(&mut self, ti: usize, i: usize, level: u8) {
        let b = 1u64 << i;
        self.ann.levels[ti][i] = level;
        // Branch-free: the levels a random player says are unpredictable.
        let odd = all_if(level % 2 == 1);
        let maxed = all_if(level >= self.max_level());
        self.ann.odd[ti] = (self.ann.odd[ti] & !b) | (b & odd);
        self.ann.maxed[ti] = (self.ann.maxed[ti] & !b) | (b & maxed);
    }

    pub(super) fn end_announcements(&mut self) {
        // HV-ANN-02 (option H16): three, only trull by the declarer's team, nothing else.
        if self.o.skip_trull_only_three
            && self.contract == Contract::Three
            && self.ann.game_level == 0
        {
            let only_trull = {
                let mut standing = self.items();
                matches!(
                (standing.next(), standing.next()),
                (Some(i), None) if i.bonus == Bonus::Trull && i.team == Team::Declarer && i.level == 0
                )
            };
            if only_trull {
                self.finish(End::TrullOnlyThree);
                return;
            }
        }
        self.phase = Phase::Play;
        self.reserved = [self.reservations(0), self.reservations(1)];
        let leader = self.core.table.first_active();
        self.core.lead(leader);
    }

    /// The legal actions of `s` in a turn of announcements once the partner is called, as flags
    /// and masks: [`Game::legal_actions_into`] writes them out in this order, and
    /// [`Game::pick_legal`] counts them and picks one without writing the list.
    #[inline(always)]
    pub(super) fn announce_turn(&self, s: Seat) -> AnnounceTurn {
        // The pass and the declaration through their checks (not `check_phase`: the phase and
        // the call are known here).
        let pass = self.check_end_turn(s).is_ok();
        let n = self.tarokk_count(s);
        let declare = (n >= 8 && self.check_declare(s, n).is_ok()).then_some(n);
        // Announcements from the masks of refusals (each rule's mask computed once), not by
        // checking the bonuses one by one.
        let announce = self.announceable(s);
        let g = self.ann.game_level + 1;
        let game_kontra = self.game_kontra_allowed(s, g).then_some(g);
        // One step up the ladder on standing items, from the masks of levels (see
        // `check_bonus_kontra`): an odd level on the other team's items at an even level
        // (kontra, szubkontra, mordkontra); an even level on one's own team's items at an odd
        // level (rekontra, hirskontra), in Paskievics only by the item's announcer. An item
        // both teams announced at the same odd level is answered once.
        let own = team_index(self.team_of(s));
        let other = 1 - own;
        let open = |t: usize| self.ann.mask[t] & !self.ann.maxed[t];
        let kontras = open(other) & !self.ann.odd[other];
        let mut rekontras = open(own) & self.ann.odd[own];
        if self.o.game == Kind::Paskievics {
            rekontras &= self.ann.announced_by[s];
        }
        AnnounceTurn {
            pass,
            declare,
            announce,
            game_kontra,
            kontras,
            rekontras,
            own,
            other,
        }
    }

    /// The kontra one step above the current level of team `t`'s item `i`.
    #[inline]
    pub(super) fn kontra_step(&self, t: usize, i: usize) -> Action {
        KONTRA_ACTIONS[i & 63][(usize::from(self.ann.levels[t & 1][i & 63]) + 1) & 7]
    }

    /// The number of actions in the announcement turn `t`'s listing.
    #[inline]
    pub(super) fn announce_turn_len(t: &AnnounceTurn) -> usize {
        usize::from(t.pass)
            + usize::from(t.declare.is_some())
            + t.announce.count_ones() as usize
            + usize::from(t.game_kontra.is_some())
            + t.kontras.count_ones() as usize
            + t.rekontras.count_ones() as usize
    }

    /// The action at index `k` of the announcement turn `t`'s listing, if there is one.
    #[inline]
    pub(super) fn announce_turn_nth(&self, t: &AnnounceTurn, k: usize) -> Option<Action> {
        Some(match self.announce_turn_pick(t, k)? {
            TurnPick::Action(a) => a,
            TurnPick::Announce(i) => ANNOUNCE_ACTIONS[i & 63],
            TurnPick::Kontra(team, i) => self.kontra_step(team, i),
        })
    }

    /// The entry at index `k` of the announcement turn `t`'s listing, if there is one.
    pub(super) fn announce_turn_pick(&self, t: &AnnounceTurn, mut k: usize) -> Option<TurnPick> {
        if t.pass {
            if k == 0 {
                return Some(TurnPick::Action(Action::Pass));
            }
            k -= 1;
        }
        if let Some(n) = t.declare {
            if k == 0 {
                return Some(TurnPick::Action(Action::Declare(Declaration::Tarokks(n))));
            }
            k -= 1;
        }
        let announced = t.announce.count_ones() as usize;
        if k < announced {
            return Some(TurnPick::Announce(nth_bit(t.announce, k)));
        }
        k -= announced;
        if let Some(g) = t.game_kontra {
            if k == 0 {
                return Some(TurnPick::Action(Action::Kontra(Target::Game, g)));
            }
            k -= 1;
        }
        if (t.kontras | t.rekontras) >> 32 == 0 {
            // Items below bonus 32 (all but some of High Tarokk's): the listing order is that
            // of the bits of the two masks interleaved (item i's kontra at bit 2i, its answer
            // at 2i + 1), so one branch-free select finds the step.
            let j = nth_bit(spread(t.kontras) | spread(t.rekontras) << 1, k);
            if j >= 64 {
                return None;
            }
            let team = if j & 1 == 0 { t.other } else { t.own };
            return Some(TurnPick::Kontra(team, j / 2));
        }
        for i in bit_indices(t.kontras | t.rekontras) {
            if (t.kontras >> i) & 1 != 0 {
                if k == 0 {
                    return Some(TurnPick::Kontra(t.other, i));
                }
                k -= 1;
            }
            if (t.rekontras >> i) & 1 != 0 {
                if k == 0 {
                    return Some(TurnPick::Kontra(t.own, i));
                }
                k -= 1;
            }
        }
        None
    }
}
