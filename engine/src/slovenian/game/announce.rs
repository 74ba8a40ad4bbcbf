//! The round of announcements and kontras (SI-ANN).

use super::*;

impl Slovenian {
    // ----- announcements -----------------------------------------------------------------------

    /// After the talon (or the auction): the round of announcements, unless the game has none
    /// or the contract is klop (SI-ANN-01).
    pub(super) fn after_exchange(&mut self) {
        if self.o.announcements && self.contract != Contract::Klop {
            self.phase = Phase::Announce;
            self.round = Round::default();
            self.core.to_act = self.declarer;
        } else {
            self.start_play();
        }
    }

    /// The announced bonuses: bonus, announcer and kontra level.
    pub fn announced(&self) -> impl Iterator<Item = (Bonus, Seat, u8)> + '_ {
        BONUSES
            .into_iter()
            .zip(self.items)
            .filter_map(|(b, i)| i.by.map(|by| (b, by, i.level)))
    }

    /// The kontra level on the game.
    #[must_use]
    pub fn game_kontra(&self) -> u8 {
        self.game_level
    }

    /// Whether `b` was announced.
    #[must_use]
    pub fn is_announced(&self, b: Bonus) -> Option<Announced> {
        bonus_slot(b)
            .map(|i| self.items[i])
            .filter(|i| i.by.is_some())
    }

    pub(super) fn active_mask(&self) -> u8 {
        self.active().fold(0, |m, s| m | 1 << s.get())
    }

    pub(super) fn check_announce(&self, s: Seat, b: Bonus) -> Result<(), Violation> {
        let Some(slot) = bonus_slot(b) else {
            return Err(Violation::illegal(
                "SI-ANN-02",
                "the bonuses announced are trula, kings, king ultimo, pagat ultimo and valat",
            ));
        };
        if !takes_talon(self.contract) {
            return Err(Violation::illegal(
                "SI-ANN-02",
                "bonuses are announced only in three, two, one and the solos",
            ));
        }
        if self.team_of(s) != Team::Declarer {
            return Err(Violation::illegal(
                "SI-ANN-02",
                "only the declarer's side announces bonuses",
            ));
        }
        if self.items[slot].by.is_some() {
            return Err(Violation::illegal(
                "SI-ANN-02",
                "this bonus is announced already",
            ));
        }
        if !self.round.first_turn(s) {
            return Err(Violation::illegal(
                "SI-ANN-02",
                "bonuses are announced in one's first turn",
            ));
        }
        let hand = self.core.hands[s];
        match b {
            Bonus::PagatUltimo if !hand.contains(Card::PAGAT) => Err(Violation::illegal(
                "SI-ANN-02",
                "pagat ultimo is announced by the holder of the pagat",
            )),
            Bonus::KingUltimo(suit)
                if self.called != Some(Card::king(suit)) || !hand.contains(Card::king(suit)) =>
            {
                Err(Violation::illegal(
                    "SI-ANN-02",
                    "king ultimo is announced by the holder of the called king",
                ))
            }
            _ => Ok(()),
        }
    }

    pub(super) fn check_kontra(&self, s: Seat, t: Target, level: u8) -> Result<(), Violation> {
        let (owner, current) = match t {
            Target::Game => (Team::Declarer, self.game_level),
            Target::Bonus(b) => match self.is_announced(b) {
                Some(i) => (Team::Declarer, i.level),
                None => {
                    return Err(Violation::illegal(
                        "SI-ANN-04",
                        "kontra is said on the game or on an announced bonus",
                    ))
                }
            },
        };
        if ladder_next(current) != Some(level) {
            return Err(Violation::illegal(
                "SI-ANN-04",
                "kontra, then re, sub and mort, one step at a time",
            ));
        }
        let by_owner = matches!(level, 2 | 5);
        if (self.team_of(s) == owner) != by_owner {
            return Err(Violation::illegal(
                "SI-ANN-04",
                "kontra and sub are the defenders', re and mort the declarer's side's",
            ));
        }
        Ok(())
    }

    pub(super) fn check_round(&self, s: Seat, a: Action) -> Result<(), Violation> {
        match a {
            Action::Pass => Ok(()),
            Action::Announce(b) => self.check_announce(s, b),
            Action::Kontra(t, level) => self.check_kontra(s, t, level),
            _ => Err(Violation::wrong_phase(
                "SI-ANN-01",
                "announce a bonus, say kontra, or pass",
            )),
        }
    }

    pub(super) fn apply_round(&mut self, s: Seat, a: Action) {
        match a {
            Action::Pass => {
                let n = self.core.table.active_count();
                if self.round.end_turn(s, n - 1, self.active_mask()) {
                    self.start_play();
                } else {
                    self.core.to_act = self.core.table.next_active(s);
                }
                return;
            }
            Action::Announce(b) => {
                if let Some(slot) = bonus_slot(b) {
                    self.items[slot].by = Some(s);
                }
            }
            Action::Kontra(Target::Game, level) => self.game_level = level,
            Action::Kontra(Target::Bonus(b), level) => {
                if let Some(slot) = bonus_slot(b) {
                    self.items[slot].level = level;
                }
            }
            _ => {}
        }
        // SI-ANN-05: announcing or saying kontra shows one's side.
        self.identified |= 1 << s.get();
        self.round.act();
    }
}
