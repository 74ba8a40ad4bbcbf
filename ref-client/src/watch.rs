//! `tarock watch` (bots play a hand, shown to the referee at a chosen pace) and the commands
//! on record files: `replay`, `validate`, `score`.

use crate::conn::Client;
use crate::error::CliError;
use crate::narrate::Narrator;
use crate::record;
use crate::render::{self, Seats, Style};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;
use tarock_proto::v1 as pb;

/// What `watch` needs from the command line.
#[derive(Clone, Debug)]
pub(crate) struct WatchOptions {
    /// The variant id.
    pub(crate) variant: String,
    /// Number of seats (0: the variant's first).
    pub(crate) seats: u32,
    /// Rule options.
    pub(crate) options: Vec<pb::RuleOption>,
    /// The deal seed; `None`: the server draws one.
    pub(crate) seed: Option<u64>,
    /// The bot of each seat, cycled.
    pub(crate) bots: Vec<String>,
    /// Pause after each trick and phase.
    pub(crate) delay: Duration,
    /// The search bot's budget per decision (unset: the server's default).
    pub(crate) budget: Option<pb::SearchBudget>,
}

fn referee() -> Option<pb::Viewer> {
    Some(pb::Viewer {
        role: pb::ViewerRole::Referee as i32,
        seat: 0,
    })
}

fn narrator(style: Style, bots: Vec<Option<String>>) -> Narrator {
    Narrator {
        style,
        seats: Seats { me: None, bots },
        hands_at_phase: true,
    }
}

/// Plays a hand with bots at every seat and shows it trick by trick.
///
/// # Errors
/// Any server error.
pub(crate) async fn watch(c: &mut Client, style: Style, o: WatchOptions) -> Result<(), CliError> {
    let dealt = c
        .new_deal(pb::NewDealRequest {
            variant: o.variant.clone(),
            options: o.options.clone(),
            seats: o.seats,
            dealer: 0,
            deal: o
                .seed
                .map(|s| pb::new_deal_request::Deal::Seed(record::seed_bytes(s))),
            viewer: referee(),
            sealed: false,
        })
        .await?
        .into_inner();
    let (Some(mut rec), Some(mut view)) = (dealt.record, dealt.view) else {
        return Err(CliError::Protocol(
            "NewDeal answered without a record or a view".to_owned(),
        ));
    };
    let bots: Vec<Option<String>> = (0..view.seats as usize)
        .map(|s| o.bots.get(s % o.bots.len().max(1)).cloned())
        .collect();
    let n = narrator(style, bots.clone());
    let bot_seed = record::bot_seed(&rec);
    sayln!(
        "{}",
        style.bold(&format!(
            "Tarock — {}, watched by the referee",
            view.variant
        ))
    );
    say!("{}", render::table(style, &n.seats, &view));
    say!("{}", n.hands(&view));
    sayln!(
        "{}",
        style.bold(&format!("── {} ──", render::phase(view.phase)))
    );
    while let Some(to_act) = view.to_act {
        let bot = bots
            .get(to_act as usize)
            .cloned()
            .flatten()
            .unwrap_or_default();
        let suggestion = c
            .suggest_move(pb::SuggestMoveRequest {
                state: Some(pb::suggest_move_request::State::Record(rec.clone())),
                bot,
                seed: bot_seed,
                seat: Some(to_act),
                budget: o.budget,
                token: Vec::new(),
            })
            .await?
            .into_inner();
        let answer = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(rec.clone())),
                action: suggestion.r#move.and_then(|m| m.action),
                viewer: referee(),
                seat: Some(to_act),
                ..Default::default()
            })
            .await?
            .into_inner();
        say!("{}", n.action("", to_act, &view, &answer));
        let paced = answer.events.iter().any(|e| {
            e.kind == pb::EventKind::TrickWon as i32 || e.kind == pb::EventKind::PhaseChanged as i32
        });
        match (answer.record, answer.view) {
            (Some(r), Some(v)) => (rec, view) = (r, v),
            _ => {
                return Err(CliError::Protocol(
                    "ApplyAction answered without a record or a view".to_owned(),
                ))
            }
        }
        if paced && !o.delay.is_zero() {
            tokio::time::sleep(o.delay).await;
        }
    }
    let score = score_of(c, &rec).await?;
    sayln!();
    say!("{}", render::score(style, &n.seats, &score));
    Ok(())
}

async fn score_of(c: &mut Client, rec: &pb::GameRecord) -> Result<pb::ScoreResponse, CliError> {
    Ok(c.score(pb::ScoreRequest {
        state: Some(pb::score_request::State::Record(rec.clone())),
    })
    .await?
    .into_inner())
}

/// Prints a recorded hand action by action as the referee sees it.
///
/// # Errors
/// An unreadable file, or a server error (an illegal action names its index and rule).
pub(crate) async fn replay(c: &mut Client, style: Style, path: &Path) -> Result<(), CliError> {
    let full = record::load(path)?;
    let mut rec = pb::GameRecord {
        actions: Vec::new(),
        ..full.clone()
    };
    let mut view = c
        .get_view(pb::GetViewRequest {
            state: Some(pb::get_view_request::State::Record(rec.clone())),
            viewer: referee(),
            token: Vec::new(),
            encodings: None,
        })
        .await?
        .into_inner()
        .view
        .unwrap_or_default();
    let n = narrator(style, Vec::new());
    sayln!(
        "{}",
        style.bold(&format!(
            "Replay of {} — {}, {} actions",
            path.display(),
            view.variant,
            full.actions.len()
        ))
    );
    say!("{}", render::table(style, &n.seats, &view));
    say!("{}", n.hands(&view));
    sayln!(
        "{}",
        style.bold(&format!("── {} ──", render::phase(view.phase)))
    );
    for (i, a) in full.actions.iter().enumerate() {
        let actor = view.to_act.unwrap_or(0);
        let answer = c
            .apply_action(pb::ApplyActionRequest {
                state: Some(pb::apply_action_request::State::Record(rec.clone())),
                action: Some(a.clone()),
                viewer: referee(),
                ..Default::default()
            })
            .await
            .map_err(|s| {
                CliError::Step(format!(
                    "action #{i} ({}): {}",
                    a.notation,
                    crate::error::describe_status(&s)
                ))
            })?
            .into_inner();
        say!("{}", n.action(&format!("#{i:<3} "), actor, &view, &answer));
        match (answer.record, answer.view) {
            (Some(r), Some(v)) => (rec, view) = (r, v),
            _ => {
                return Err(CliError::Protocol(
                    "ApplyAction answered without a record or a view".to_owned(),
                ))
            }
        }
    }
    let score = score_of(c, &rec).await?;
    sayln!();
    say!("{}", render::score(style, &n.seats, &score));
    Ok(())
}

/// Validates a record: a summary and success when valid; the first illegal action (index,
/// seat, rule) and failure when not.
///
/// # Errors
/// An unreadable file, or a server error (a malformed record).
pub(crate) async fn validate(
    c: &mut Client,
    style: Style,
    path: &Path,
) -> Result<ExitCode, CliError> {
    let rec = record::load(path)?;
    let r = c
        .validate_game(pb::ValidateGameRequest {
            state: Some(pb::validate_game_request::State::Record(rec.clone())),
        })
        .await?
        .into_inner();
    if !r.valid {
        let Some(bad) = r.first_illegal else {
            sayln!("{}: invalid (the server named no action)", path.display());
            return Ok(ExitCode::FAILURE);
        };
        let who = bad
            .seat
            .map_or_else(String::new, |s| format!(" by seat {s}"));
        let notation = bad.action.as_ref().map_or("?", |a| a.notation.as_str());
        sayln!(
            "{}: {} at action #{}{who} `{notation}`: {} (rule {}, {})",
            path.display(),
            style.bad("invalid"),
            bad.index,
            bad.message,
            bad.rule,
            bad.reason
        );
        sayln!("{} actions before it are legal", r.actions_applied);
        return Ok(ExitCode::FAILURE);
    }
    sayln!(
        "{}: {} — {} {}, {} seats, {} actions, {}",
        path.display(),
        style.good("valid"),
        rec.variant,
        if rec.options.is_empty() {
            "(default options)".to_owned()
        } else {
            rec.options
                .iter()
                .map(|o| format!("{}={}", o.name, o.value))
                .collect::<Vec<_>>()
                .join(" ")
        },
        rec.seats,
        r.actions_applied,
        if r.game_over {
            "hand over"
        } else {
            "hand in progress"
        }
    );
    if let Some(l) = r.ledger {
        let totals: Vec<String> = l
            .totals
            .iter()
            .enumerate()
            .map(|(s, t)| format!("seat {s} {}", style.amount(*t)))
            .collect();
        sayln!("totals: {}", totals.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints the itemised settlement of a record (or the card points so far).
///
/// # Errors
/// An unreadable file, or a server error.
pub(crate) async fn score(c: &mut Client, style: Style, path: &Path) -> Result<(), CliError> {
    let rec = record::load(path)?;
    let s = score_of(c, &rec).await?;
    say!("{}", render::score(style, &Seats::default(), &s));
    Ok(())
}
