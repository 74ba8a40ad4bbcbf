//! `tarock simulate`: many complete deals played by the server's bots, and what they show.
//!
//! Deal `i` is dealt from seed `S + i` with the dealer at seat `i mod seats`, and played by
//! asking SuggestMove (each bot seeded with `S + i`) and applying the suggestion, until the hand
//! is over; Score gives the settlement. So a run is reproducible whatever the concurrency (with
//! the search bot, when its budget has no time bound).
//!
//! In duplicate, deal `i` is played once per rotation `r` of the bots over the seats (seat `s`
//! gets bot `(s + r) mod seats` of the list, cycled), so that every bot holds every hand of
//! every deal. A bot's result for a deal is its mean total over the seats it held in all the
//! rotations; the summary gives each bot's mean over the deals with a 95 % confidence interval,
//! and the first bot's lead over each other bot, paired deal by deal (the cards' luck cancels
//! out of the difference), with its standard error.

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
    /// Play each deal once per rotation of the bots.
    pub(crate) duplicate: bool,
    /// The search bot's budget per decision (unset: the server's default).
    pub(crate) budget: Option<pb::SearchBudget>,
    /// Deals in flight at once.
    pub(crate) concurrency: usize,
    /// The first deal's seed.
    pub(crate) seed: u64,
    /// One JSON object instead of the human summary (and no progress bar).
    pub(crate) json: bool,
}

impl SimOptions {
    /// Plays per deal: one, or one per rotation in duplicate.
    fn rotations(&self) -> u64 {
        if self.duplicate {
            u64::from(self.seats.max(1))
        } else {
            1
        }
    }

    /// The bot at `seat` in rotation `r`.
    fn bot(&self, seat: u32, r: u32) -> &str {
        let turned = (seat + r) % self.seats.max(1);
        self.bots
            .get(turned as usize % self.bots.len().max(1))
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

/// What one play of a deal came to.
#[derive(Clone, Debug)]
struct Deal {
    /// The deal's number.
    index: u64,
    /// The rotation of the bots it was played in (0 outside duplicate).
    rotation: u32,
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

/// Play `p`: deal `p / rotations` in rotation `p % rotations`.
async fn one_deal(mut c: Client, o: &SimOptions, p: u64) -> Result<Deal, CliError> {
    let (i, rotation) = (p / o.rotations(), (p % o.rotations()) as u32);
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
                bot: o.bot(to_act, rotation).to_owned(),
                seed,
                seat: Some(to_act),
                budget: o.budget,
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
        index: i,
        rotation,
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
    let xs: Vec<f64> = xs.iter().map(|&x| x as f64).collect();
    mean_stderr_f(&xs)
}

/// Mean and standard error of the mean.
fn mean_stderr_f(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|&x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
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
    let plays = o.deals.saturating_mul(o.rotations());
    let bar = ProgressBar::with_draw_target(
        Some(plays),
        if o.json || !std::io::stderr().is_terminal() {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        },
    );
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} plays  {per_sec}  eta {eta}")
    {
        bar.set_style(style);
    }
    let o = std::sync::Arc::new(o);
    let start = Instant::now();
    let mut results: Vec<(u64, Deal)> = Vec::new();
    let mut running = JoinSet::new();
    let mut next = 0u64;
    loop {
        while next < plays && running.len() < o.concurrency {
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
            let d = i / o.rotations();
            CliError::Step(format!("deal {d} (seed {}): {e}", o.seed.wrapping_add(d)))
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
    // Plays finish in any order; the summary takes them in order.
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

/// The duplicate comparison: per bot, its mean over the deals of its mean total per seat held,
/// with a 95 % confidence interval; per other bot, the first bot's lead, paired by deal.
struct Duplicate {
    deals: usize,
    bots: Vec<(String, f64, f64)>,
    leads: Vec<(String, f64, f64)>,
}

impl Duplicate {
    fn of(o: &SimOptions, plays: &[Deal]) -> Duplicate {
        let mut names: Vec<&str> = Vec::new();
        for b in &o.bots {
            if !names.contains(&b.as_str()) {
                names.push(b);
            }
        }
        // Per deal, per bot: the sum of its totals and the seats it held.
        let mut per_deal: BTreeMap<u64, Vec<(f64, u32)>> = BTreeMap::new();
        for d in plays {
            let row = per_deal
                .entry(d.index)
                .or_insert_with(|| vec![(0.0, 0); names.len()]);
            for (s, &t) in d.totals.iter().enumerate() {
                let bot = o.bot(s as u32, d.rotation);
                if let Some(k) = names.iter().position(|&n| n == bot) {
                    row[k].0 += t as f64;
                    row[k].1 += 1;
                }
            }
        }
        let means: Vec<Vec<f64>> = per_deal
            .values()
            .map(|row| {
                row.iter()
                    .map(|&(sum, n)| if n == 0 { 0.0 } else { sum / f64::from(n) })
                    .collect()
            })
            .collect();
        let column = |k: usize| means.iter().map(|m| m[k]).collect::<Vec<f64>>();
        let bots = names
            .iter()
            .enumerate()
            .map(|(k, n)| {
                let (mean, se) = mean_stderr_f(&column(k));
                ((*n).to_owned(), mean, 1.96 * se)
            })
            .collect();
        let leads = names
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, n)| {
                let d: Vec<f64> = means.iter().map(|m| m[0] - m[k]).collect();
                let (mean, se) = mean_stderr_f(&d);
                ((*n).to_owned(), mean, se)
            })
            .collect();
        Duplicate {
            deals: per_deal.len(),
            bots,
            leads,
        }
    }

    fn json(&self, first: &str) -> serde_json::Value {
        json!({
            "deals": self.deals,
            "bots": self.bots.iter().map(|(b, mean, ci)| json!({
                "bot": b,
                "mean_per_deal": round(*mean, 4),
                "ci95": round(*ci, 4),
            })).collect::<Vec<_>>(),
            "leads": self.leads.iter().map(|(b, mean, se)| json!({
                "bot": first,
                "over": b,
                "mean_per_deal": round(*mean, 4),
                "stderr": round(*se, 4),
                "stderrs": if *se > 0.0 { round(mean / se, 2) } else { 0.0 },
            })).collect::<Vec<_>>(),
        })
    }

    fn text(&self, out: &mut String, what: &str) {
        let _ = writeln!(
            out,
            "\nduplicate: {what}, each bot's mean over its seats, over {} deals (95 % CI)",
            self.deals
        );
        for (b, mean, ci) in &self.bots {
            let _ = writeln!(out, "  {b:<17} {mean:>+8.3} ± {ci:.3}");
        }
        let first = self.bots.first().map_or("", |b| b.0.as_str());
        for (b, mean, se) in &self.leads {
            let z = if *se > 0.0 { mean / se } else { 0.0 };
            let _ = writeln!(
                out,
                "  {first} − {b}: {mean:+.3} ± {se:.3} per deal (standard error; {z:.1} standard errors)"
            );
        }
    }
}

struct Summary {
    duplicate: Option<Duplicate>,
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
            .map(|s| {
                let bot = if o.duplicate {
                    "rotating".to_owned()
                } else {
                    o.bot(s as u32, 0).to_owned()
                };
                (bot, Vec::with_capacity(deals.len()))
            })
            .collect();
        let mut bots: BTreeMap<String, Vec<i64>> = BTreeMap::new();
        let mut contracts: BTreeMap<i32, Tally> = BTreeMap::new();
        let mut ends: BTreeMap<i32, u64> = BTreeMap::new();
        let mut bonuses: BTreeMap<String, BonusTally> = BTreeMap::new();
        let mut actions = 0;
        for d in deals {
            actions += d.actions;
            for (s, &t) in d.totals.iter().enumerate() {
                if let Some((_, xs)) = seats.get_mut(s) {
                    xs.push(t);
                    bots.entry(o.bot(s as u32, d.rotation).to_owned())
                        .or_default()
                        .push(t);
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
            duplicate: o.duplicate.then(|| Duplicate::of(o, deals)),
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
            "duplicate": self.duplicate.as_ref().map(|d| d.json(o.bots.first().map_or("", String::as_str))),
        })
    }

    fn text(&self, o: &SimOptions) -> String {
        let mut out = String::new();
        let (played, unit) = if o.duplicate {
            let played = format!(
                "{} plays ({} deals × {} rotations)",
                self.deals,
                o.deals,
                o.rotations()
            );
            (played, "play")
        } else {
            (format!("{} deals", self.deals), "deal")
        };
        let _ = writeln!(
            out,
            "{played} of {} ({} seats), seeds {}..{}, in {:.2} s: {:.0} {unit}s/s, {:.1} actions per {unit}",
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
        let per_seat = if self.points {
            "points credited per"
        } else {
            "payment per"
        };
        let _ = writeln!(out, "\n{per_seat} {unit} (mean ± standard error)");
        for (s, (bot, xs)) in self.seats.iter().enumerate() {
            let (mean, se) = mean_stderr(xs);
            let _ = writeln!(
                out,
                "  seat {s}  {bot:<10} {mean:>+8.3} ± {se:.3}   total {:>+7}",
                xs.iter().sum::<i64>()
            );
        }
        if let Some(d) = &self.duplicate {
            d.text(&mut out, what);
        } else if self.bots.len() > 1 {
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
