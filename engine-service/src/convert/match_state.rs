//! What a record's match state says: what it carries into its hand (the Danish pots, the
//! Austrian obliged bidder, the Slovenian radli) and the match between hands.

use super::*;

/// Where a value that earlier records held as a rule option travels now, for a clear refusal.
pub(super) fn moved_to_match_state(name: &str) -> Option<&'static str> {
    match name {
        "pagat_pot" | "king_pot" => Some("match_state.pots"),
        "obliged_bidder" => Some("match_state.obliged_bidder"),
        _ => None,
    }
}

/// What a record's match state carries into its hand (the Danish pots, the Austrian obliged
/// bidder); whether it fits the game is the engine's to say ([`tarock_engine::SetupError`]).
pub(super) fn carried_from_pb(m: Option<&pb::MatchState>) -> Result<Carried, FieldViolation> {
    let Some(m) = m else {
        return Ok(Carried::default());
    };
    let pots = match m.pots[..] {
        [] => [0, 0],
        [pagat, king] => [pagat, king],
        _ => {
            return Err(FieldViolation::new(
                "record.match_state.pots",
                format!(
                    "the pagat pot and the king pot: two values, not {}",
                    m.pots.len()
                ),
            ))
        }
    };
    let obliged_bidder = match m.obliged_bidder {
        None => None,
        Some(s) => Some(
            u8::try_from(s)
                .ok()
                .and_then(Seat::try_new)
                .ok_or_else(|| {
                    FieldViolation::new(
                        "record.match_state.obliged_bidder",
                        format!("no seat {s} at this table"),
                    )
                })?,
        ),
    };
    if m.radli.len() > tarock_engine::MAX_SEATS {
        return Err(FieldViolation::new(
            "record.match_state.radli",
            format!("one value per seat, not {}", m.radli.len()),
        ));
    }
    let mut radli = [0u8; tarock_engine::MAX_SEATS];
    for (i, (r, &v)) in radli.iter_mut().zip(&m.radli).enumerate() {
        *r = u8::try_from(v)
            .ok()
            .filter(|&v| v <= tarock_engine::variant::MAX_RADLI)
            .ok_or_else(|| {
                FieldViolation::new(
                    format!("record.match_state.radli[{i}]"),
                    format!("a seat holds 0 to 99 radli, not {v}"),
                )
            })?;
    }
    Ok(Carried {
        pots,
        obliged_bidder,
        radli,
    })
}

/// What the next hand carries, on the wire: written into its match state.
pub fn carried_to_pb(c: &Carried, m: &mut pb::MatchState) {
    m.pots = if c.pots == [0, 0] {
        Vec::new()
    } else {
        c.pots.to_vec()
    };
    m.obliged_bidder = c.obliged_bidder.map(|s| u32::from(s.get()));
    m.radli = if c.radli == [0; tarock_engine::MAX_SEATS] {
        Vec::new()
    } else {
        let seats = m.totals.len().max(1);
        c.radli.iter().take(seats).map(|&r| u32::from(r)).collect()
    };
}

/// The match a record's `match_state` describes, for the hand `game` (its seats, dealer and
/// options); `Ok(None)` without one.
pub fn match_from_pb(
    m: Option<&pb::MatchState>,
    game: &AnyGame,
) -> Result<Option<tarock_engine::hungarian::MatchContext>, FieldViolation> {
    use tarock_engine::hungarian::{MatchContext, MatchKind, Session};
    let Some(m) = m else {
        return Ok(None);
    };
    let field = "record.match_state";
    let kind = MatchKind::of(game.variant());
    if kind != MatchKind::Hungarian {
        // A Polish match or an Austrian series: no doubled rounds, and a session open or over
        // (PL-MATCH-03, AT-MATCH-01).
        let state = pb::SessionState::try_from(m.session).map_err(|_| {
            FieldViolation::new(format!("{field}.session"), "unknown session state")
        })?;
        let over = match state {
            pb::SessionState::Unspecified | pb::SessionState::Open => false,
            pb::SessionState::Over => true,
            _ => {
                return Err(FieldViolation::new(
                    format!("{field}.session"),
                    "this game's session is open or over",
                ))
            }
        };
        if !m.doubled_rounds.is_empty() || m.skiz_holder.is_some() {
            return Err(FieldViolation::new(
                field,
                "this game's match has no doubled rounds and no skíz holder",
            ));
        }
        return MatchContext::simple_from_parts(
            kind,
            game.table_info().dealer,
            &m.totals,
            m.deals_played,
            over,
        )
        .map(Some)
        .map_err(|e| FieldViolation::new(field, e.to_string()));
    }
    let Some(h) = game.as_hungarian() else {
        return Ok(None);
    };
    let table = h.table_info();
    let rounds: Vec<u8> = m
        .doubled_rounds
        .iter()
        .map(|&r| u8::try_from(r).unwrap_or(u8::MAX))
        .collect();
    let holder = m
        .skiz_holder
        .and_then(|s| u8::try_from(s).ok())
        .and_then(Seat::try_new);
    let turns = u8::try_from(m.session_turns).unwrap_or(u8::MAX);
    let session = match pb::SessionState::try_from(m.session)
        .map_err(|_| FieldViolation::new(format!("{field}.session"), "unknown session state"))?
    {
        pb::SessionState::Unspecified | pb::SessionState::Open => Session::Open,
        pb::SessionState::Requested => Session::Requested,
        pb::SessionState::Over => Session::Over,
        pb::SessionState::Noted => Session::Noted {
            holder: holder.ok_or_else(|| {
                FieldViolation::new(
                    format!("{field}.skiz_holder"),
                    "a noted session needs the skíz holder",
                )
            })?,
            turns,
        },
    };
    MatchContext::from_parts(
        table.seats,
        table.dealer,
        h.options(),
        &rounds,
        &m.totals,
        m.deals_played,
        session,
    )
    .map(Some)
    .map_err(|e| FieldViolation::new(field, e.to_string()))
}

/// A match context on the wire.
pub fn match_to_pb(m: &tarock_engine::hungarian::MatchContext) -> pb::MatchState {
    use tarock_engine::hungarian::Session;
    let (session, holder, turns) = match m.session() {
        Session::Open => (pb::SessionState::Open, None, 0),
        Session::Requested => (pb::SessionState::Requested, None, 0),
        Session::Noted { holder, turns } => (
            pb::SessionState::Noted,
            Some(u32::from(holder.get())),
            u32::from(turns),
        ),
        Session::Over => (pb::SessionState::Over, None, 0),
    };
    pb::MatchState {
        deals_played: m.deals(),
        totals: m.totals().first(m.seats()).to_vec(),
        doubled_rounds: m.doubled_rounds().iter().map(|&r| u32::from(r)).collect(),
        session: session as i32,
        skiz_holder: holder,
        session_turns: turns,
        pots: Vec::new(),
        obliged_bidder: None,
        radli: Vec::new(),
    }
}
