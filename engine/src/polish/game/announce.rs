//! The rounds of announcements (PL-ANN): the king round before the talon and the round after
//! it, with król ultymo, trul, pagat ultymo, walat, the tarokk count and the kontras.

use super::*;

impl Polish {
    pub(super) fn start_round(&mut self, phase: Phase, first: Seat) {
        self.phase = phase;
        self.round = Round::default();
        self.core.to_act = first;
    }

    pub(super) fn first_turn(&self, s: Seat) -> bool {
        self.round.first_turn(s)
    }

    /// The item `a` may be announced by `s` now, or why not.
    pub(super) fn check_announce(&self, s: Seat, a: Announceable) -> Result<(), Violation> {
        let item = self.items[a as usize];
        let (phase_ok, rule) = match a {
            Announceable::KingUltimo => (self.phase == Phase::KingRound, "PL-ANN-01"),
            Announceable::Trul => (self.phase == Phase::Announce, "PL-ANN-08"),
            Announceable::PagatUltimo => (self.phase == Phase::Announce, "PL-ANN-09"),
            Announceable::Walat => (self.phase == Phase::Announce, "PL-ANN-14"),
        };
        if !phase_ok {
            return Err(Violation::illegal(
                rule,
                "król ultymo is announced before the talon; trul, pagat ultymo and walat after it",
            ));
        }
        if item.announced {
            return Err(Violation::illegal(rule, "this has been announced already"));
        }
        if !self.first_turn(s) {
            return Err(Violation::illegal(
                "PL-ANN-07",
                "announcements are made in one's first turn of the round",
            ));
        }
        let held = self.core.hands[s];
        match a {
            Announceable::KingUltimo if !self.called.is_some_and(|k| held.contains(k)) => {
                Err(Violation::illegal(
                    "PL-ANN-01",
                    "only the holder of the called king may announce król ultymo",
                ))
            }
            Announceable::Trul if !held.is_superset(CardSet::HONOURS) => Err(Violation::illegal(
                "PL-ANN-08",
                "only a player holding skiż, XXI and pagat may announce trul",
            )),
            Announceable::PagatUltimo if !held.contains(Card::PAGAT) => Err(Violation::illegal(
                "PL-ANN-09",
                "only the holder of the pagat may announce pagat ultymo",
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn check_declare(&self, s: Seat, n: u8) -> Result<(), Violation> {
        if self.phase != Phase::Announce {
            return Err(Violation::illegal(
                "PL-ANN-07",
                "tarokks are declared after the talon exchange",
            ));
        }
        if self.declared[s].is_some() || !self.first_turn(s) {
            return Err(Violation::illegal(
                "PL-ANN-07",
                "the tarokk count is declared once, in one's first turn of the round",
            ));
        }
        let held = self.tarokks(s);
        if n != held {
            return Err(Violation::illegal(
                "PL-ANN-10",
                "the tarokk count is declared at its exact number",
            ));
        }
        if declaration_value(n).is_none() {
            return Err(Violation::illegal(
                "PL-ANN-11",
                "only 10 or more tarokks, or 2 or fewer, may be declared",
            ));
        }
        Ok(())
    }

    /// Who may say kontra at `level` on the game (PL-ANN-02..06).
    pub(super) fn check_game_kontra(&self, s: Seat, level: u8) -> Result<(), Violation> {
        if self.phase != Phase::KingRound {
            return Err(Violation::illegal(
                "PL-ANN-02",
                "the game is kontra'd before the talon exchange",
            ));
        }
        if next_level(self.game_level) != Some(level) {
            return Err(Violation::illegal(
                "PL-ANN-06",
                "the doublings go kontra, re, sub, mort, one step at a time",
            ));
        }
        let opponent = self.team_of(s) == Team::Opponents;
        match level {
            1 if self.contract <= Contract::Dwa => Err(Violation::illegal(
                "PL-ANN-04",
                "nobody may say kontra to a bid of one or two",
            )),
            1 if !opponent || !self.may_kontra_game[s] => Err(Violation::illegal(
                "PL-ANN-02",
                "only an opponent who had no chance to bid three (or bid three and was overcalled) may kontra the game",
            )),
            2 | 5 if opponent => Err(Violation::illegal(
                "PL-ANN-06",
                "re and mort are said by the declarer's team",
            )),
            3 if !opponent => Err(Violation::illegal(
                "PL-ANN-06",
                "sub is said by an opponent",
            )),
            _ => Ok(()),
        }
    }

    /// Who may say kontra at `level` on announced item `a` (PL-ANN-05/06, PL-ANN-13).
    pub(super) fn check_item_kontra(
        &self,
        s: Seat,
        a: Announceable,
        level: u8,
    ) -> Result<(), Violation> {
        let item = self.items[a as usize];
        let (rule, round) = match a {
            Announceable::KingUltimo => ("PL-ANN-05", Phase::KingRound),
            Announceable::Trul | Announceable::PagatUltimo => ("PL-ANN-13", Phase::Announce),
            Announceable::Walat => {
                return Err(Violation::illegal("PL-ANN-14", "walat cannot be kontra'd"))
            }
        };
        if !item.announced {
            return Err(Violation::illegal(
                rule,
                "only an announced item can be kontra'd",
            ));
        }
        if self.phase != round {
            return Err(Violation::illegal(
                rule,
                "an announcement is kontra'd in the round it was made",
            ));
        }
        if next_level(item.level) != Some(level) {
            return Err(Violation::illegal(
                "PL-ANN-06",
                "the doublings go kontra, re, sub, mort, one step at a time",
            ));
        }
        let by_opposing = level % 2 == 1;
        if (self.team_of(s) != item.team) != by_opposing {
            return Err(Violation::illegal(
                rule,
                "kontra and sub are said by the announcers' opponents, re and mort by the announcing team",
            ));
        }
        Ok(())
    }

    pub(super) fn check_round(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::Announce(b) => match Announceable::of(b) {
                Some(Announceable::KingUltimo) if self.called.and_then(Card::suit) != b.suit() => {
                    Err(Violation::illegal(
                        "PL-ANN-01",
                        "król ultymo names the called king",
                    ))
                }
                Some(item) => self.check_announce(s, item),
                None => Err(Violation::illegal(
                    "PL-ANN-07",
                    "the announcements are król ultymo, trul, pagat ultymo and walat",
                )),
            },
            Action::Declare(Declaration::Tarokks(n)) => self.check_declare(s, n),
            Action::Kontra(Target::Game, level) => self.check_game_kontra(s, level),
            Action::Kontra(Target::Bonus(b), level) => match Announceable::of(b) {
                Some(Announceable::KingUltimo) if self.called.and_then(Card::suit) != b.suit() => {
                    Err(Violation::illegal(
                        "PL-ANN-05",
                        "only an announced item can be kontra'd",
                    ))
                }
                Some(item) => self.check_item_kontra(s, item, level),
                None => Err(Violation::illegal(
                    "PL-ANN-13",
                    "only an announced item can be kontra'd",
                )),
            },
            _ => Err(Violation::wrong_phase(
                "PL-ANN-07",
                "in a round of announcements: announce, declare, kontra or pass",
            )),
        }
    }

    pub(super) fn apply_round(&mut self, s: Seat, a: Action) {
        match a {
            Action::Pass => return self.end_turn(s),
            Action::Announce(b) => {
                if let Some(item) = Announceable::of(b) {
                    let team = self.team_of(s);
                    self.items[item as usize] = Item {
                        announced: true,
                        team,
                        announcer: s,
                        level: 0,
                    };
                    // The holder of the called king shows it (PL-CALL-04).
                    if item == Announceable::KingUltimo {
                        self.identified[s] = true;
                    }
                }
            }
            Action::Declare(Declaration::Tarokks(n)) => self.declared[s] = Some(n),
            Action::Kontra(Target::Game, level) => {
                self.game_level = level;
                self.identified[s] = true;
            }
            Action::Kontra(Target::Bonus(b), level) => {
                if let Some(item) = Announceable::of(b) {
                    self.items[item as usize].level = level;
                    self.identified[s] = true;
                }
            }
            _ => {}
        }
        self.round.act();
    }

    pub(super) fn end_turn(&mut self, s: Seat) {
        // Three silent turns in a row end the round once everyone has had one.
        if self.round.end_turn(s, 3, ALL_SEATS) {
            match self.phase {
                Phase::KingRound => self.start_talon(),
                _ => self.start_play(),
            }
        } else {
            self.core.to_act = self.next(s);
        }
    }
}
