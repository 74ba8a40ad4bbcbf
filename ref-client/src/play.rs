//! `tarock play`: one hand against the server's bots in the terminal.
//!
//! The player's seat sees only its own view (GetView and ApplyAction with `viewer` = that
//! seat); the bots' moves come from SuggestMove, where each bot sees only its own seat's view.
//! The client keeps the open record, as a trusted local table does, but never shows from it
//! anything the seat's view does not.

use crate::conn::Client;
use crate::error::{describe_status, rule_of, CliError};
use crate::input::{self, Choice, Line};
use crate::narrate::Narrator;
use crate::record;
use crate::render::{self, Seats, Style};
use std::io::IsTerminal as _;
use std::path::PathBuf;
use tarock_proto::v1 as pb;
use tokio::sync::mpsc;

/// What `play` needs from the command line.
#[derive(Clone, Debug)]
pub(crate) struct PlayOptions {
    /// The variant id.
    pub(crate) variant: String,
    /// Number of seats.
    pub(crate) seats: u32,
    /// The player's seat.
    pub(crate) seat: u32,
    /// The dealer; `None`: the seat before the player's (so the player speaks first).
    pub(crate) dealer: Option<u32>,
    /// Rule options.
    pub(crate) options: Vec<pb::RuleOption>,
    /// The deal seed; `None`: the server draws one.
    pub(crate) seed: Option<u64>,
    /// The bots of the other seats in seat order, cycled.
    pub(crate) bots: Vec<String>,
    /// Write the final record here when the hand ends.
    pub(crate) save: Option<PathBuf>,
    /// The search bot's budget per decision (unset: the server's default).
    pub(crate) budget: Option<pb::SearchBudget>,
}

/// Lines from standard input, read on a thread of their own so that the runtime keeps serving
/// while the player thinks. `None` at end of input (or on a read error).
struct Input {
    rx: mpsc::UnboundedReceiver<String>,
    echo: bool,
}

impl Input {
    fn stdin() -> Input {
        let (tx, rx) = mpsc::unbounded_channel();
        let echo = !std::io::stdin().is_terminal();
        std::thread::spawn(move || {
            use std::io::BufRead as _;
            let mut stdin = std::io::stdin().lock();
            let mut line = Vec::new();
            loop {
                line.clear();
                // Bytes, not `read_line`: a line that is not UTF-8 is shown as typed (with
                // replacement characters) and refused like any other bad input.
                match stdin.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line);
                        if tx
                            .send(text.trim_end_matches(['\n', '\r']).to_owned())
                            .is_err()
                        {
                            break;
                        }
                    }
                }
            }
        });
        Input { rx, echo }
    }

    async fn line(&mut self, prompt: &str) -> Option<String> {
        say!("{prompt}");
        let line = self.rx.recv().await;
        // Input from a file or a pipe is echoed, so that the transcript reads like a session.
        match &line {
            Some(l) if self.echo => sayln!("{l}"),
            None => sayln!(),
            _ => {}
        }
        line
    }
}

fn seat_viewer(seat: u32) -> Option<pb::Viewer> {
    Some(pb::Viewer {
        role: pb::ViewerRole::Seat as i32,
        seat,
    })
}

/// Plays one hand. Returns normally when the hand is over, the player quits, or input ends.
///
/// # Errors
/// Server errors other than refused moves (those are explained and asked again), and files
/// that cannot be written with `--save`.
pub(crate) async fn run(c: &mut Client, style: Style, o: PlayOptions) -> Result<(), CliError> {
    if o.seat >= o.seats {
        return Err(CliError::Usage(format!(
            "--seat {} does not exist at a table of {} seats (seats are 0..{})",
            o.seat,
            o.seats,
            o.seats.saturating_sub(1)
        )));
    }
    let dealer = o.dealer.unwrap_or((o.seat + o.seats - 1) % o.seats);
    let dealt = c
        .new_deal(pb::NewDealRequest {
            variant: o.variant.clone(),
            options: o.options.clone(),
            seats: o.seats,
            dealer,
            deal: o
                .seed
                .map(|s| pb::new_deal_request::Deal::Seed(record::seed_bytes(s))),
            viewer: seat_viewer(o.seat),
            sealed: false,
        })
        .await?
        .into_inner();
    let (Some(mut rec), Some(mut view)) = (dealt.record, dealt.view) else {
        return Err(CliError::Protocol(
            "NewDeal answered without a record or a view".to_owned(),
        ));
    };
    let me = o.seat;
    if view.seat_views.iter().any(|s| s.seat == me && !s.active) {
        return Err(CliError::Usage(format!(
            "seat {me} deals and sits out of this hand; choose another --seat or --dealer"
        )));
    }
    let mut bots: Vec<Option<String>> = vec![None; view.seats as usize];
    let mut k = 0;
    for (s, slot) in bots.iter_mut().enumerate() {
        if s as u32 != me && !o.bots.is_empty() {
            *slot = Some(o.bots[k % o.bots.len()].clone());
            k += 1;
        }
    }
    let seats = Seats {
        me: Some(me),
        bots: bots.clone(),
    };
    let narrator = Narrator {
        style,
        seats: seats.clone(),
        hands_at_phase: false,
    };
    let bot_seed = record::bot_seed(&rec);
    sayln!(
        "{} You are seat {me}.\n{}",
        style.bold("Tarock."),
        render::table(style, &seats, &view).trim_end()
    );
    let others: Vec<String> = bots
        .iter()
        .enumerate()
        .filter(|(s, _)| {
            view.seat_views
                .iter()
                .any(|v| v.seat == *s as u32 && v.active)
        })
        .filter_map(|(s, b)| b.as_ref().map(|b| format!("seat {s} {b}")))
        .collect();
    sayln!("Bots: {}. Type `help` for commands.", others.join(", "));
    sayln!(
        "{}",
        style.bold(&format!("── {} ──", render::phase(view.phase)))
    );

    let mut input = Input::stdin();
    let mut play_table_shown = false;
    while let Some(to_act) = view.to_act {
        if view.phase == pb::Phase::Over as i32 {
            break;
        }
        if to_act != me {
            let Some(bot) = bots.get(to_act as usize).cloned().flatten() else {
                return Err(CliError::Usage(format!("no bot for seat {to_act}")));
            };
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
            let action = suggestion.r#move.and_then(|m| m.action);
            let answer = apply(c, &rec, action, me, to_act).await?;
            say!("{}", narrator.action("", to_act, &view, &answer));
            (rec, view) = next(answer)?;
            continue;
        }
        // The player's turn.
        let moves = if view.moves.is_empty() {
            legal_moves(c, &rec).await?
        } else {
            view.moves.clone()
        };
        let show_table = view.phase != pb::Phase::Play as i32 || !play_table_shown;
        if view.phase == pb::Phase::Play as i32 {
            play_table_shown = true;
        }
        say!("{}", turn(style, &seats, &view, &moves, show_table));
        loop {
            let Some(line) = input.line("> ").await else {
                sayln!("End of input: leaving the game.");
                return Ok(());
            };
            let action = match input::parse(&line) {
                Ok(Line::Empty) => continue,
                Ok(Line::Help) => {
                    sayln!("{}", input::HELP);
                    continue;
                }
                Ok(Line::History) => {
                    say!("{}", history(style, &seats, &view));
                    continue;
                }
                Ok(Line::Hand) => {
                    say!("{}", turn(style, &seats, &view, &moves, true));
                    continue;
                }
                Ok(Line::Save(path)) => {
                    match record::save(&PathBuf::from(&path), &rec) {
                        Ok(()) => sayln!("Saved the record to {path}."),
                        Err(e) => sayln!("{} {e}", style.bad("✗")),
                    }
                    continue;
                }
                Ok(Line::Quit) => {
                    sayln!("You leave the game.");
                    return Ok(());
                }
                Ok(Line::Number(n)) => match moves.get(n - 1) {
                    Some(m) => m.action.clone(),
                    None => {
                        sayln!(
                            "{} there is no move {n}: choose 1 to {}",
                            style.bad("✗"),
                            moves.len()
                        );
                        continue;
                    }
                },
                Ok(Line::Action(text)) => match input::resolve(&text, &moves, view.phase) {
                    Ok(Choice::Listed(i)) => moves[i].action.clone(),
                    Ok(Choice::Unlisted(a)) => Some(a),
                    Err(e) => {
                        sayln!("{} {e}", style.bad("✗"));
                        continue;
                    }
                },
                Err(e) => {
                    sayln!("{} {e}", style.bad("✗"));
                    continue;
                }
            };
            match apply(c, &rec, action, me, me).await {
                Ok(answer) => {
                    say!("{}", narrator.action("", me, &view, &answer));
                    (rec, view) = next(answer)?;
                    break;
                }
                Err(CliError::Rpc(status))
                    if matches!(
                        status.code(),
                        tonic::Code::FailedPrecondition | tonic::Code::InvalidArgument
                    ) =>
                {
                    // A refused move: explain it (with the rule when the server names one) and
                    // ask again.
                    let hint = if rule_of(&status).is_some() {
                        String::new()
                    } else {
                        format!(" — type a number from 1 to {}, or `help`", moves.len())
                    };
                    sayln!(
                        "{} not allowed: {}{hint}",
                        style.bad("✗"),
                        describe_status(&status)
                    );
                }
                Err(e) => return Err(e),
            }
        }
    }
    let score = c
        .score(pb::ScoreRequest {
            state: Some(pb::score_request::State::Record(rec.clone())),
        })
        .await?
        .into_inner();
    sayln!();
    say!("{}", render::score(style, &seats, &score));
    if let Some(l) = score.ledger.as_ref() {
        if let Some(mine) = l.totals.get(me as usize) {
            sayln!(
                "You {} {}.",
                if *mine >= 0 { "win" } else { "pay" },
                mine.abs()
            );
        }
    }
    if let Some(path) = o.save {
        record::save(&path, &rec)?;
        sayln!("Saved the record to {}.", path.display());
    }
    Ok(())
}

async fn apply(
    c: &mut Client,
    rec: &pb::GameRecord,
    action: Option<pb::Action>,
    viewer: u32,
    actor: u32,
) -> Result<pb::ApplyActionResponse, CliError> {
    Ok(c.apply_action(pb::ApplyActionRequest {
        state: Some(pb::apply_action_request::State::Record(rec.clone())),
        action,
        viewer: seat_viewer(viewer),
        seat: Some(actor),
        ..Default::default()
    })
    .await?
    .into_inner())
}

fn next(answer: pb::ApplyActionResponse) -> Result<(pb::GameRecord, pb::GameView), CliError> {
    match (answer.record, answer.view) {
        (Some(r), Some(v)) => Ok((r, v)),
        _ => Err(CliError::Protocol(
            "ApplyAction answered without a record or a view".to_owned(),
        )),
    }
}

async fn legal_moves(c: &mut Client, rec: &pb::GameRecord) -> Result<Vec<pb::LegalMove>, CliError> {
    Ok(c.legal_moves(pb::LegalMovesRequest {
        state: Some(pb::legal_moves_request::State::Record(rec.clone())),
        token: Vec::new(),
        encodings: None,
    })
    .await?
    .into_inner()
    .moves)
}

fn my_hand(view: &pb::GameView, me: u32) -> Vec<pb::Card> {
    view.seat_views
        .iter()
        .find(|s| s.seat == me)
        .map(|s| s.hand.clone())
        .unwrap_or_default()
}

/// What the player sees before choosing: the table, the trick, the hand, the numbered moves.
fn turn(
    style: Style,
    seats: &Seats,
    view: &pb::GameView,
    moves: &[pb::LegalMove],
    show_table: bool,
) -> String {
    let mut out = String::new();
    out.push('\n');
    if show_table {
        if view.phase == pb::Phase::Auction as i32 {
            out.push_str(&format!(
                "bidding: {}\n",
                render::auction(style, seats, &view.auction)
            ));
        } else {
            out.push_str(&render::table(style, seats, view));
        }
    }
    if view.phase == pb::Phase::Play as i32 {
        out.push_str(&render::current_trick(style, seats, view));
        out.push('\n');
    }
    out.push_str(&format!(
        "{}\n{}",
        style.bold("Your hand:"),
        render::hand(style, &my_hand(view, seats.me.unwrap_or(0)), "  ")
    ));
    out.push_str(&format!(
        "{}\n{}",
        style.bold(&format!("Your move ({}):", render::phase(view.phase))),
        render::moves(style, moves)
    ));
    out
}

/// The tricks so far (or the actions so far, before the first trick).
fn history(style: Style, seats: &Seats, view: &pb::GameView) -> String {
    let mut out = String::new();
    if view.tricks.is_empty() {
        out.push_str("No tricks yet. The actions so far:\n");
        if view.history.is_empty() {
            out.push_str("  (none)\n");
        }
        for h in &view.history {
            let a = h
                .action
                .as_ref()
                .map_or_else(String::new, |a| render::action(style, a));
            out.push_str(&format!("  {}: {a}\n", seats.name(style, h.seat)));
        }
    } else {
        for (i, t) in view.tricks.iter().enumerate() {
            out.push_str(&format!("  {}\n", render::trick(style, seats, i + 1, t)));
        }
    }
    if view
        .current_trick
        .as_ref()
        .is_some_and(|t| !t.plays.is_empty())
    {
        out.push_str(&format!(
            "  {}\n",
            render::current_trick(style, seats, view)
        ));
    }
    out
}
