//! `tarock simulate`: many complete deals played by the server's bots, and what they show.
//!
//! Deal `i` is dealt from seed `S + i` with the dealer at seat `i mod seats`, and played by
//! asking SuggestMove (each bot seeded with `S + i`) and applying the suggestion, until the hand
//! is over; Score gives the settlement. So a run is reproducible whatever the concurrency.

use crate::conn::Client;
use crate::error::CliError;
use crate::record;
use crate::render;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::time::Instant;
use tarock_proto::v1 as pb;
use tokio::task::JoinSet;

/// What `simulate` needs from the command line.
#[derive(Clone, Debug)]
pub(crate) struct SimOptions {
    /// The variant id.
    pub(crate) variant: String,
    /// Number of seats.
    pub(crate) seats: u32,
    /// Rule options.
    pub(crate) options: Vec<pb::RuleOption>,
    /// The bot of each seat, cycled.
    pub(crate) bots: Vec<String>,
    /// Number of deals.
    pub(crate) deals: u64,
    /// Deals in flight at once.
    pub(crate) concurrency: usize,
    /// The first deal's seed.
    pub(crate) seed: u64,
    /// One JSON object instead of the human summary (and no progress bar).
    pub(crate) json: bool,
}

impl SimOptions {
    fn bot(&self, seat: u32) -> &str {
        self.bots
            .get(seat as usize % self.bots.len().max(1))
            .map_or("heuristic", String::as_str)
    }
}

/// One scored ledger line of a bonus.
#[derive(Clone, Debug)]
struct BonusLine {
    label: String,
    announced: bool,
    made: bool,
}

/// What one deal came to.
#[derive(Clone, Debug)]
struct Deal {
    totals: Vec<i64>,
    /// The totals are points credited on a score sheet (the Austrian series), not payments.
    points: bool,
    /// What went into the Danish pots (taken out: negative).
    potted: i64,
    end: i32,
    contract: Option<i32>,
    declarer_won: Option<bool>,
    bonuses: Vec<BonusLine>,
    actions: usize,
}

fn spectator() -> Option<pb::Viewer> {
    Some(pb::Viewer {
        role: pb::ViewerRole::Spectator as i32,
        seat: 0,
    })
}

fn missing(what: &str) -> CliError {
    CliError::Protocol(format!("the server's answer lacks {what}"))
}

async fn one_deal(mut c: Client, o: &SimOptions, i: u64) -> Result<Deal, CliError> {
    let seed = o.seed.wrapping_add(i);
    let dealt = c
        .new_deal(pb::NewDealRequest {
            variant: o.variant.clone(),
            options: o.options.clone(),
            seats: o.seats,
            dealer: (i % u64::from(o.seats.max(1))) as u32,
            deal: Some(pb::new_deal_request::Deal::Seed(record::seed_bytes(seed))),
            viewer: spectator(),
            sealed: false,
        })
        .await?
        .into_inner();
    let mut rec = dealt.record.ok_or_else(|| missing("a record"))?;
    let mut view = dealt.view.ok_or_else(|| missing("a view"))?;
    while let Some(to_act) = view.to_act {
        let suggestion = c
            .suggest_move(pb::SuggestMoveRequest {
                state: Some(pb::suggest_move_request::State::Record(rec.clone())),
                bot: o.bot(to_act).to_owned(),
                seed,
                seat: Some(to_act),
                token: Vec::new(),
            })
            .await?
            .into_inner();
        let m = suggestion.r#move.ok_or_else(|| missing("a move"))?;
        let answer = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(rec)),
                // The stable id is enough; the server does not need the whole action back.
                action: None,
                action_id: Some(m.id),
                viewer: spectator(),
                seat: Some(to_act),
                ..Default::default()
            })
            .await?
            .into_inner();
        rec = answer.record.ok_or_else(|| missing("a record"))?;
        view = answer.view.ok_or_else(|| missing("a view"))?;
    }
    let score = c
        .score(pb::ScoreRequest {
            state: Some(pb::score_request::State::Record(rec.clone())),
        })
        .await?
        .into_inner();
    let ledger = score.ledger.unwrap_or_default();
    let declarer_won = ledger
        .items
        .iter()
        .find(|l| l.kind == pb::LedgerItemKind::Game as i32)
        .map(|l| l.made == (l.team == pb::Team::Declarer as i32));
    Ok(Deal {
        totals: ledger.totals.clone(),
        points: ledger.scoring == pb::Scoring::Points as i32,
        potted: ledger.items.iter().flat_map(|i| &i.pots).sum(),
        end: score.end,
        contract: view.declarer.map(|_| view.contract),
        declarer_won,
        bonuses: ledger.items.iter().filter_map(bonus_line).collect(),
        actions: rec.actions.len(),
    })
}

/// A bonus, or a Danish declaration or payment for play, as the summary tallies it.
fn bonus_line(l: &pb::LedgerItem) -> Option<BonusLine> {
    use pb::LedgerItemKind as K;
    let kind = K::try_from(l.kind).ok()?;
    let label = match kind {
        K::Bonus => l.label.clone(),
        K::Declaration
        | K::KingsLost
        | K::PagatLost
        | K::PagatTrick
        | K::Tout
        | K::ToutFailed
        | K::Nolo
        | K::PagatUltimo
        | K::KingUltimo
        | K::PagatBagud
        | K::KingBagud
        | K::LastTrick => render::enum_words(kind.as_str_name(), "LEDGER_ITEM_KIND_"),
        _ => return None,
    };
    Some(BonusLine {
        label,
        announced: l.announced,
        made: l.made,
    })
}

/// Mean and standard error of the mean.
fn mean_stderr(xs: &[i64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().map(|&x| x as f64).sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn round(x: f64, places: i32) -> f64 {
    let p = 10f64.powi(places);
    (x * p).round() / p
}

/// Runs the simulation and prints the summary (or the JSON object).
///
/// # Errors
/// A bad argument, or any server error (the run stops at the first).
pub(crate) async fn run(c: &Client, o: SimOptions) -> Result<(), CliError> {
    if o.concurrency == 0 {
        return Err(CliError::Usage(
            "--concurrency must be at least 1".to_owned(),
        ));
    }
    let bar = ProgressBar::with_draw_target(
        Some(o.deals),
        if o.json || !std::io::stderr().is_terminal() {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        },
    );
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {per_sec}  eta {eta}")
    {
        bar.set_style(style);
    }
    let o = std::sync::Arc::new(o);
    let start = Instant::now();
    let mut results: Vec<(u64, Deal)> = Vec::new();
    let mut running = JoinSet::new();
    let mut next = 0u64;
    loop {
        while next < o.deals && running.len() < o.concurrency {
            let (c, o2, i) = (c.clone(), o.clone(), next);
            running.spawn(async move { (i, one_deal(c, &o2, i).await) });
            next += 1;
        }
        let Some(joined) = running.join_next().await else {
            break;
        };
        let (i, deal) =
            joined.map_err(|e| CliError::Step(format!("a simulated deal's task failed: {e}")))?;
        let deal = deal.map_err(|e| {
            CliError::Step(format!("deal {i} (seed {}): {e}", o.seed.wrapping_add(i)))
        });
        let deal = match deal {
            Ok(d) => d,
            Err(e) => {
                bar.abandon();
                return Err(e);
            }
        };
        results.push((i, deal));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    // Deals finish in any order; the summary takes them in deal order.
    results.sort_by_key(|(i, _)| *i);
    let deals: Vec<Deal> = results.into_iter().map(|(_, d)| d).collect();
    let summary = Summary::of(&o, &deals, elapsed);
    if o.json {
        sayln!("{}", summary.json(&o));
    } else {
        say!("{}", summary.text(&o));
    }
    Ok(())
}

#[derive(Default)]
struct Tally {
    deals: u64,
    declarer_won: u64,
}

#[derive(Default)]
struct BonusTally {
    announced_made: u64,
    announced_failed: u64,
    silent_made: u64,
    silent_failed: u64,
}

struct Summary {
    deals: usize,
    elapsed: f64,
    seats: Vec<(String, Vec<i64>)>,
    bots: BTreeMap<String, Vec<i64>>,
    contracts: BTreeMap<i32, Tally>,
    ends: BTreeMap<i32, u64>,
    bonuses: BTreeMap<String, BonusTally>,
    actions: usize,
    points: bool,
    potted: i64,
}

impl Summary {
    fn of(o: &SimOptions, deals: &[Deal], elapsed: f64) -> Summary {
        let n_seats = deals.first().map_or(o.seats as usize, |d| d.totals.len());
        let mut seats: Vec<(String, Vec<i64>)> = (0..n_seats)
            .map(|s| (o.bot(s as u32).to_owned(), Vec::with_capacity(deals.len())))
            .collect();
        let mut bots: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        let mut contracts: BTreeMap<i32, Tally> = BTreeMap::new();
        let mut ends: BTreeMap<i32, u64> = BTreeMap::new();
        let mut bonuses: BTreeMap<String, BonusTally> = BTreeMap::new();
        let mut actions = 0;
        for d in deals {
            actions += d.actions;
            for (s, &t) in d.totals.iter().enumerate() {
                if let Some((bot, xs)) = seats.get_mut(s) {
                    xs.push(t);
                    bots.entry(bot.clone()).or_default().push(t);
                }
            }
            *ends.entry(d.end).or_default() += 1;
            if let Some(c) = d.contract {
                let tally = contracts.entry(c).or_default();
                tally.deals += 1;
                tally.declarer_won += u64::from(d.declarer_won == Some(true));
            }
            for b in &d.bonuses {
                let t = bonuses.entry(b.label.clone()).or_default();
                match (b.announced, b.made) {
                    (true, true) => t.announced_made += 1,
                    (true, false) => t.announced_failed += 1,
                    (false, true) => t.silent_made += 1,
                    (false, false) => t.silent_failed += 1,
                }
            }
        }
        Summary {
            points: deals.iter().any(|d| d.points),
            potted: deals.iter().map(|d| d.potted).sum(),
            deals: deals.len(),
            elapsed,
            seats,
            bots,
            contracts,
            ends,
            bonuses,
            actions,
        }
    }

    fn per_sec(&self) -> f64 {
        if self.elapsed > 0.0 {
            self.deals as f64 / self.elapsed
        } else {
            0.0
        }
    }

    fn json(&self, o: &SimOptions) -> serde_json::Value {
        let seats: Vec<serde_json::Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(s, (bot, xs))| {
                let (mean, se) = mean_stderr(xs);
                json!({
                    "seat": s,
                    "bot": bot,
                    "mean_payment": round(mean, 4),
                    "stderr": round(se, 4),
                    "total_payment": xs.iter().sum::<i64>(),
                })
            })
            .collect();
        let bots: Vec<serde_json::Value> = self
            .bots
            .iter()
            .map(|(bot, xs)| {
                let (mean, se) = mean_stderr(xs);
                json!({
                    "bot": bot,
                    "seat_deals": xs.len(),
                    "mean_payment": round(mean, 4),
                    "stderr": round(se, 4),
                    "total_payment": xs.iter().sum::<i64>(),
                })
            })
            .collect();
        let contracts: Vec<serde_json::Value> = self
            .contracts
            .iter()
            .map(|(c, t)| {
                json!({
                    "contract": render::contract(*c),
                    "deals": t.deals,
                    "declarer_won": t.declarer_won,
                })
            })
            .collect();
        let ends: serde_json::Map<String, serde_json::Value> = self
            .ends
            .iter()
            .map(|(e, n)| {
                let name = pb::EndReason::try_from(*e).map_or_else(
                    |_| format!("end_{e}"),
                    |e| {
                        e.as_str_name()
                            .trim_start_matches("END_REASON_")
                            .to_ascii_lowercase()
                    },
                );
                (name, json!(n))
            })
            .collect();
        let bonuses: Vec<serde_json::Value> = self
            .bonuses
            .iter()
            .map(|(label, t)| {
                json!({
                    "bonus": label,
                    "announced_made": t.announced_made,
                    "announced_failed": t.announced_failed,
                    "silent_made": t.silent_made,
                    "silent_failed": t.silent_failed,
                })
            })
            .collect();
        json!({
            "variant": o.variant,
            "seat_count": self.seats.len(),
            "deals": self.deals,
            "seed": o.seed,
            "concurrency": o.concurrency,
            "elapsed_sec": round(self.elapsed, 3),
            "deals_per_sec": round(self.per_sec(), 1),
            "actions": self.actions,
            "scoring": if self.points { "points" } else { "payments" },
            "potted": self.potted,
            "seats": seats,
            "bots": bots,
            "contracts": contracts,
            "ends": ends,
            "bonuses": bonuses,
        })
    }

    fn text(&self, o: &SimOptions) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} deals of {} ({} seats), seeds {}..{}, in {:.2} s: {:.0} deals/s, {:.1} actions per deal",
            self.deals,
            o.variant,
            self.seats.len(),
            o.seed,
            o.seed.wrapping_add(o.deals.saturating_sub(1)),
            self.elapsed,
            self.per_sec(),
            self.actions as f64 / self.deals.max(1) as f64
        );
        let what = if self.points {
            "points credited per deal"
        } else {
            "payment per deal"
        };
        let _ = writeln!(out, "\n{what} (mean ± standard error)");
        for (s, (bot, xs)) in self.seats.iter().enumerate() {
            let (mean, se) = mean_stderr(xs);
            let _ = writeln!(
                out,
                "  seat {s}  {bot:<10} {mean:>+8.3} ± {se:.3}   total {:>+7}",
                xs.iter().sum::<i64>()
            );
        }
        if self.bots.len() > 1 {
            for (bot, xs) in &self.bots {
                let (mean, se) = mean_stderr(xs);
                let _ = writeln!(
                    out,
                    "  {bot:<17} {mean:>+8.3} ± {se:.3}   over {} seat-deals",
                    xs.len()
                );
            }
        }
        let _ = writeln!(out, "\ncontracts (how often the declarer's side won)");
        for (c, t) in &self.contracts {
            let _ = writeln!(
                out,
                "  {:<6} {:>6} deals  {:>5.1}% won",
                render::contract(*c),
                t.deals,
                100.0 * t.declarer_won as f64 / t.deals.max(1) as f64
            );
        }
        let ends: Vec<String> = self
            .ends
            .iter()
            .map(|(e, n)| format!("{} {n}", render::end_reason(*e)))
            .collect();
        let _ = writeln!(out, "  hands: {}", ends.join(", "));
        if !self.bonuses.is_empty() {
            let _ = writeln!(
                out,
                "\n{:<26}{:>16}{:>16}",
                "bonuses", "announced", "silent"
            );
            let _ = writeln!(
                out,
                "{:<26}{:>8}{:>8}{:>8}{:>8}",
                "", "made", "failed", "made", "failed"
            );
            for (label, t) in &self.bonuses {
                let _ = writeln!(
                    out,
                    "  {label:<24}{:>8}{:>8}{:>8}{:>8}",
                    t.announced_made, t.announced_failed, t.silent_made, t.silent_failed
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_standard_error() {
        assert_eq!(mean_stderr(&[]), (0.0, 0.0));
        assert_eq!(mean_stderr(&[5]), (5.0, 0.0));
        let (m, se) = mean_stderr(&[1, 2, 3, 4]);
        assert!((m - 2.5).abs() < 1e-12);
        // Sample variance 5/3; standard error sqrt(5/3 / 4).
        assert!((se - (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }
}
