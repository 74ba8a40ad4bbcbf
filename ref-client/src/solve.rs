//! `tarock solve`: the double-dummy value of a recorded hand in trick play, by SolvePosition:
//! the card points a side takes from the position to the end of the hand when every hand is
//! known and every seat plays its best, a move that takes them, and on request each legal
//! move's value, or only where the value (and each move's) lies among card-point totals (cuts);
//! or what the side nets in the game's settlement under perfect play.

use crate::conn::Client;
use crate::error::CliError;
use crate::record;
use crate::render::{self, Style};
use std::fmt::Write as _;
use std::path::Path;
use tarock_proto::v1 as pb;

/// What to solve beyond the record.
#[derive(Debug)]
pub(crate) struct Query {
    /// The side's seats (empty: the declarer's team).
    pub(crate) side: Vec<u32>,
    /// Also the value after each legal move.
    pub(crate) each_move: bool,
    /// Card-point totals of the rest of the play, in thirds of a point, ascending.
    pub(crate) cuts_thirds: Vec<i64>,
    /// The node limit (0: the server's).
    pub(crate) max_nodes: u64,
    /// The side's settlement instead of card points.
    pub(crate) settlement: bool,
}

/// A number of card points given in points, to thirds of a point (the games count some cards
/// in thirds): `16`, `15.67` or `47/3`.
///
/// # Errors
/// A message for text that is no such number.
pub(crate) fn parse_points(s: &str) -> Result<i64, String> {
    let bad = || format!("expected card points such as 16, 15.67 or 47/3, got `{s}`");
    let t = s.trim();
    if let Some((n, d)) = t.split_once('/') {
        if d.trim() != "3" {
            return Err(bad());
        }
        return n.trim().parse::<i64>().map_err(|_| bad());
    }
    let p: f64 = t.parse().map_err(|_| bad())?;
    let thirds = (p * 3.0).round();
    if !thirds.is_finite() || thirds.abs() > 1e12 {
        return Err(bad());
    }
    // In range, checked above.
    #[allow(clippy::cast_possible_truncation)]
    Ok(thirds as i64)
}

/// Card points given in thirds, as points and thirds: `41 1/3`, `-2/3`, `16`.
pub(crate) fn points(thirds: i64) -> String {
    let sign = if thirds < 0 { "-" } else { "" };
    let (whole, rest) = (thirds.unsigned_abs() / 3, thirds.unsigned_abs() % 3);
    match (whole, rest) {
        (_, 0) => format!("{sign}{whole}"),
        (0, r) => format!("{sign}{r}/3"),
        (w, r) => format!("{sign}{w} {r}/3"),
    }
}

/// Solves the position a record ends in and prints the answer.
///
/// # Errors
/// An unreadable file, or the server's refusal: a hand not in trick play, a bad side or cuts,
/// or a node limit reached (its message gives the bounds proved by then).
pub(crate) async fn solve(
    c: &mut Client,
    style: Style,
    path: &Path,
    q: Query,
) -> Result<(), CliError> {
    let rec = record::load(path)?;
    let cuts = q.cuts_thirds.clone();
    let r = c
        .solve_position(pb::SolvePositionRequest {
            state: Some(pb::solve_position_request::State::Record(rec.clone())),
            side: q.side,
            each_move: q.each_move,
            max_nodes: q.max_nodes,
            cuts_thirds: q.cuts_thirds,
            settlement: q.settlement,
            token: Vec::new(),
        })
        .await?
        .into_inner();
    let side: Vec<String> = r.side.iter().map(u32::to_string).collect();
    sayln!(
        "{}",
        style.bold(&format!(
            "Double-dummy value of {} — {}, the side of seat{} {}",
            path.display(),
            rec.variant,
            if side.len() == 1 { "" } else { "s" },
            side.join(", ")
        ))
    );
    let shape = if q.settlement {
        Shape::Settlement
    } else if cuts.is_empty() {
        Shape::Points
    } else {
        Shape::Cuts(&cuts)
    };
    say!("{}", answer(style, &r, shape));
    Ok(())
}

/// What was asked, and so how the answer reads.
#[derive(Clone, Copy, Debug)]
enum Shape<'a> {
    /// The exact card points.
    Points,
    /// Where they lie among these cuts (thirds).
    Cuts(&'a [i64]),
    /// The side's settlement.
    Settlement,
}

/// The answer's lines.
fn answer(style: Style, r: &pb::SolvePositionResponse, shape: Shape<'_>) -> String {
    let mut out = String::new();
    let best = shown(style, r.best.as_ref());
    match shape {
        Shape::Points => {
            let _ = writeln!(
                out,
                "value: {} card points from here to the end of the hand ({} thirds)",
                style.bold(&points(r.value_thirds)),
                r.value_thirds
            );
            let _ = writeln!(out, "best move: {best}");
        }
        Shape::Cuts(cuts) => {
            let listed: Vec<String> = cuts.iter().map(|&t| points(t)).collect();
            let _ = writeln!(
                out,
                "cuts: {} card points; the value reaches {} of them: {}",
                listed.join(", "),
                style.bold(&r.reached.to_string()),
                style.bold(&place(cuts, r.reached))
            );
            let _ = writeln!(out, "a move that keeps it there: {best}");
        }
        Shape::Settlement => {
            let _ = writeln!(
                out,
                "settlement: the side nets {} (its seats' totals, contract and bonuses)",
                style.bold(&r.settled.to_string())
            );
            let _ = writeln!(out, "best move: {best}");
        }
    }
    if !r.moves.is_empty() {
        let _ = writeln!(out, "each move:");
        for m in &r.moves {
            let a = shown(style, m.r#move.as_ref());
            let after = match shape {
                Shape::Points => points(m.value_thirds),
                Shape::Cuts(cuts) => place(cuts, m.reached),
                Shape::Settlement => m.settled.to_string(),
            };
            let _ = writeln!(out, "  {a:<24} {after}");
        }
    }
    let _ = writeln!(
        out,
        "{}",
        style.dim(&format!("{} positions searched", r.nodes))
    );
    out
}

/// A move of the answer as the game's notation shows it.
fn shown(style: Style, m: Option<&pb::LegalMove>) -> String {
    m.and_then(|m| m.action.as_ref())
        .map_or_else(String::new, |a| render::action(style, a))
}

/// Where a value that reaches `reached` of the `cuts` lies, in points.
fn place(cuts: &[i64], reached: u32) -> String {
    let reached = usize::try_from(reached).unwrap_or(usize::MAX);
    match (
        reached.checked_sub(1).and_then(|i| cuts.get(i)),
        cuts.get(reached),
    ) {
        (None, Some(&hi)) => format!("below {}", points(hi)),
        (Some(&lo), None) => format!("at least {}", points(lo)),
        (Some(&lo), Some(&hi)) => format!("at least {} and below {}", points(lo), points(hi)),
        (None, None) => "anywhere".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_in_thirds() {
        assert_eq!(points(124), "41 1/3");
        assert_eq!(points(48), "16");
        assert_eq!(points(-2), "-2/3");
        assert_eq!(points(-5), "-1 2/3");
        assert_eq!(points(0), "0");
    }

    #[test]
    fn points_parse_to_thirds() {
        assert_eq!(parse_points("16"), Ok(48));
        assert_eq!(parse_points("15.67"), Ok(47));
        assert_eq!(parse_points("47/3"), Ok(47));
        assert_eq!(parse_points(" -1 "), Ok(-3));
        for bad in ["", "x", "47/4", "1e300", "NaN", "inf"] {
            assert!(parse_points(bad).is_err(), "{bad}");
        }
    }
}
