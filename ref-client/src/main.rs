//! `tarock`: the reference client of the tarock rules-engine service.
//!
//! It talks to a server only through the public gRPC API (`tarock.v1.EngineService`, the
//! generated client of `tarock-proto`), so whatever it shows, any client can. Without
//! `--server` it starts a server in this process on a loopback port and talks to that over
//! gRPC all the same.

/// `print!` that does not panic when stdout is closed (see `out`).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::out::stdout(format_args!($($arg)*))
    };
}

/// `println!` that does not panic when stdout is closed (see `out`).
macro_rules! sayln {
    () => {
        $crate::out::stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::out::stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod conn;
mod error;
mod input;
mod narrate;
mod out;
mod play;
mod record;
mod render;
mod simulate;
mod solve;
mod watch;

use clap::{Args, Parser, Subcommand};
use error::CliError;
use render::Style;
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tarock_proto::v1 as pb;

// Records travel whole with every request, so encoding and decoding them (allocation above
// all) is most of the work of a simulation, for the client and the in-process server alike;
// mimalloc, which the server binary uses too, takes a good part of that off.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The tarock reference client: play against the server's bots, watch them, simulate many
/// deals, and replay, validate or score recorded games.
#[derive(Debug, Parser)]
#[command(name = "tarock", version)]
struct Cli {
    /// The server's URL, e.g. http://127.0.0.1:50051. Without it, a server is started inside
    /// this process on a loopback port.
    #[arg(long, env = "TAROCK_SERVER", global = true)]
    server: Option<String>,
    /// Plain text: no colours and no suit symbols (also when stdout is not a terminal, or
    /// NO_COLOR is set).
    #[arg(long, global = true)]
    no_color: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the variants, their rule options, and the bots.
    Variants,
    /// The rules of a variant as the rules reference states them (all, or the ids given).
    Rules {
        /// The variant (see `tarock variants`).
        variant: String,
        /// Rule ids, e.g. HU-PLAY-05 (none: every rule of the variant).
        ids: Vec<String>,
        /// The language: en, or the game's own (hu, pl, de, da).
        #[arg(long, default_value = "en")]
        locale: String,
    },
    /// Play one hand against the server's bots.
    Play(PlayArgs),
    /// Watch the bots play one hand, trick by trick, as the referee sees it.
    Watch(WatchArgs),
    /// Play many deals with bots and summarise payments, contracts and bonuses.
    Simulate(SimulateArgs),
    /// Print a recorded hand action by action, as the referee sees it.
    Replay {
        /// A GameRecord in protobuf JSON or binary protobuf.
        file: PathBuf,
    },
    /// Check a recorded hand: the first illegal action, or a summary (exit status 1 when
    /// invalid).
    Validate {
        /// A GameRecord in protobuf JSON or binary protobuf.
        file: PathBuf,
    },
    /// The itemised settlement of a recorded hand.
    Score {
        /// A GameRecord in protobuf JSON or binary protobuf.
        file: PathBuf,
    },
    /// The double-dummy value of a recorded hand in trick play: the card points a side takes
    /// from there to the end of the hand when every hand is known and every seat plays its
    /// best, and a move that takes them (or, with `--settlement`, what the side nets).
    Solve(SolveArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// A GameRecord in protobuf JSON or binary protobuf, in trick play.
    file: PathBuf,
    /// The side's seats, e.g. `0,2` (default: the declarer's team; a game without one, such
    /// as the Danish, needs them).
    #[arg(long, value_delimiter = ',')]
    side: Vec<u32>,
    /// Also the value after each legal move.
    #[arg(long)]
    each_move: bool,
    /// Only where the value (with `--each-move`, each move's too) lies among these card-point
    /// totals of the rest of the play, in ascending order (points, e.g. `16,32` or `47/3`):
    /// far less work than the exact value.
    #[arg(long, value_delimiter = ',', value_parser = solve::parse_points, allow_hyphen_values = true)]
    cuts: Vec<i64>,
    /// Give up after this many positions searched (0: the server's limit); the error gives
    /// the bounds on the value proved by then.
    #[arg(long, default_value_t = 0)]
    max_nodes: u64,
    /// Instead of card points, what the side nets in the game's settlement under perfect play
    /// (contract, bonuses and kontras): for endings of a few tricks.
    #[arg(long, conflicts_with = "cuts")]
    settlement: bool,
}

/// The search bot's budget per decision, shared by the commands that ask the bots.
#[derive(Clone, Copy, Debug, Args)]
struct SearchArgs {
    /// The search bot's worlds per decision (0: the server's default).
    #[arg(long, default_value_t = 0)]
    worlds: u32,
    /// The search bot's time bound per decision, in milliseconds (0: none; with a bound the
    /// choices depend on the server's speed).
    #[arg(long, default_value_t = 0)]
    search_ms: u32,
}

impl SearchArgs {
    /// The budget to send: unset when both are the server's defaults.
    fn budget(self) -> Option<pb::SearchBudget> {
        (self.worlds > 0 || self.search_ms > 0).then_some(pb::SearchBudget {
            worlds: self.worlds,
            time_ms: self.search_ms,
        })
    }
}

/// Rules of the table, shared by the commands that deal.
#[derive(Debug, Args)]
struct TableArgs {
    /// The variant (see `tarock variants`).
    #[arg(long, default_value = "hungarian-illustrated")]
    variant: String,
    /// A rule option as name=value (repeatable; see `tarock variants`).
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    options: Vec<pb::RuleOption>,
}

#[derive(Debug, Args)]
struct PlayArgs {
    #[command(flatten)]
    table: TableArgs,
    /// Number of seats (default: the variant's first).
    #[arg(long)]
    seats: Option<u32>,
    /// Your seat (0 speaks first after the dealer, unless --dealer says otherwise).
    #[arg(long, default_value_t = 0)]
    seat: u32,
    /// The dealer's seat (default: the seat before yours, so you speak first).
    #[arg(long)]
    dealer: Option<u32>,
    /// The deal's seed (the same seed deals the same cards); default: the server draws one.
    #[arg(long)]
    seed: Option<u64>,
    /// The bots of the other seats in seat order, cycled (see `tarock variants`).
    #[arg(long, value_delimiter = ',', default_value = "heuristic")]
    bots: Vec<String>,
    /// Also write the finished hand's record (protobuf JSON) to this file.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Debug, Args)]
struct WatchArgs {
    #[command(flatten)]
    table: TableArgs,
    /// Number of seats (default: the variant's first).
    #[arg(long)]
    seats: Option<u32>,
    /// The deal's seed; default: the server draws one.
    #[arg(long)]
    seed: Option<u64>,
    /// The bot of each seat, cycled.
    #[arg(long, value_delimiter = ',', default_value = "heuristic")]
    bots: Vec<String>,
    /// Pause after each trick and phase, in milliseconds (0: all at once).
    #[arg(long, default_value_t = 700)]
    delay_ms: u64,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Debug, Args)]
struct SimulateArgs {
    #[command(flatten)]
    table: TableArgs,
    /// Number of deals.
    #[arg(short = 'n', long = "deals", default_value_t = 100)]
    deals: u64,
    /// Number of seats (default: the variant's first).
    #[arg(long)]
    seats: Option<u32>,
    /// The bot of each seat, cycled: `heuristic,random` puts heuristic at even seats.
    #[arg(long, value_delimiter = ',', default_value = "heuristic")]
    bots: Vec<String>,
    /// Play every deal once per rotation of the bots over the seats (as many plays as seats),
    /// so that every bot holds every hand and the cards' luck cancels; the summary compares
    /// the bots deal by deal. `--bots search,heuristic,heuristic,heuristic --duplicate` puts
    /// the search bot at each seat in turn against three heuristic bots.
    #[arg(long)]
    duplicate: bool,
    #[command(flatten)]
    search: SearchArgs,
    /// Deals in flight at once, on one channel.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// Deal i is dealt from seed S+i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object instead of the summary (and no progress bar).
    #[arg(long)]
    json: bool,
}

fn parse_option(s: &str) -> Result<pb::RuleOption, String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok(pb::RuleOption {
            name: name.trim().to_owned(),
            value: value.trim().to_owned(),
        }),
        _ => Err(format!("expected NAME=VALUE, got `{s}`")),
    }
}

/// Checks bot names and the variant against ListVariants, and finds the default seat count.
async fn check_table(
    c: &mut conn::Client,
    variant: &str,
    seats: Option<u32>,
    bots: &[String],
) -> Result<u32, CliError> {
    let list = c
        .list_variants(pb::ListVariantsRequest {})
        .await?
        .into_inner();
    let known: Vec<&str> = list.bots.iter().map(|b| b.name.as_str()).collect();
    if let Some(bad) = bots.iter().find(|b| !known.contains(&b.as_str())) {
        return Err(CliError::Usage(format!(
            "unknown bot `{bad}`: the server offers {}",
            known.join(", ")
        )));
    }
    let Some(v) = list.variants.iter().find(|v| v.id == variant) else {
        let ids: Vec<&str> = list.variants.iter().map(|v| v.id.as_str()).collect();
        return Err(CliError::Usage(format!(
            "unknown variant `{variant}`: the server plays {}",
            ids.join(", ")
        )));
    };
    match seats {
        Some(n) if !v.seat_counts.contains(&n) => Err(CliError::Usage(format!(
            "{variant} is played by {} seats, not {n}",
            v.seat_counts
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        ))),
        Some(n) => Ok(n),
        None => Ok(v.seat_counts.first().copied().unwrap_or(4)),
    }
}

async fn run(cli: Cli) -> Result<ExitCode, CliError> {
    let color = !cli.no_color
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").map_or(true, |v| v.is_empty());
    let style = Style { color };
    let conn = conn::connect(cli.server.as_deref()).await?;
    let mut c = conn.client.clone();
    match cli.command {
        Command::Variants => {
            let list = c
                .list_variants(pb::ListVariantsRequest {})
                .await?
                .into_inner();
            say!("{}", render::variants(style, &list));
        }
        Command::Rules {
            variant,
            ids,
            locale,
        } => {
            let rules = c
                .describe_rules(pb::DescribeRulesRequest {
                    variant,
                    locale,
                    ids,
                })
                .await?
                .into_inner();
            say!("{}", render::rules(style, &rules));
        }
        Command::Play(a) => {
            let seats = check_table(&mut c, &a.table.variant, a.seats, &a.bots).await?;
            play::run(
                &mut c,
                style,
                play::PlayOptions {
                    variant: a.table.variant,
                    seats,
                    seat: a.seat,
                    dealer: a.dealer,
                    options: a.table.options,
                    seed: a.seed,
                    bots: a.bots,
                    save: a.save,
                    budget: a.search.budget(),
                },
            )
            .await?;
        }
        Command::Watch(a) => {
            let seats = check_table(&mut c, &a.table.variant, a.seats, &a.bots).await?;
            watch::watch(
                &mut c,
                style,
                watch::WatchOptions {
                    variant: a.table.variant,
                    seats,
                    options: a.table.options,
                    seed: a.seed,
                    bots: a.bots,
                    delay: Duration::from_millis(a.delay_ms),
                    budget: a.search.budget(),
                },
            )
            .await?;
        }
        Command::Simulate(a) => {
            let seats = check_table(&mut c, &a.table.variant, a.seats, &a.bots).await?;
            simulate::run(
                &c,
                simulate::SimOptions {
                    variant: a.table.variant,
                    seats,
                    options: a.table.options,
                    bots: a.bots,
                    deals: a.deals,
                    duplicate: a.duplicate,
                    budget: a.search.budget(),
                    concurrency: a.concurrency,
                    seed: a.seed,
                    json: a.json,
                },
            )
            .await?;
        }
        Command::Replay { file } => watch::replay(&mut c, style, &file).await?,
        Command::Validate { file } => return watch::validate(&mut c, style, &file).await,
        Command::Score { file } => watch::score(&mut c, style, &file).await?,
        Command::Solve(a) => {
            let query = solve::Query {
                side: a.side,
                each_move: a.each_move,
                cuts_thirds: a.cuts,
                max_nodes: a.max_nodes,
                settlement: a.settlement,
            };
            solve::solve(&mut c, style, &a.file, query).await?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli).await {
        Ok(code) => code,
        Err(e) => {
            out::stderr(format_args!("error: {e}\n"));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_parse_as_name_value() {
        assert_eq!(
            parse_option("hold_rule=old"),
            Ok(pb::RuleOption {
                name: "hold_rule".to_owned(),
                value: "old".to_owned()
            })
        );
        assert!(parse_option("hold_rule").is_err());
        assert!(parse_option("=old").is_err());
    }

    #[test]
    fn bots_are_a_comma_separated_list() {
        let cli = Cli::try_parse_from([
            "tarock",
            "simulate",
            "-n",
            "5",
            "--bots",
            "heuristic,random",
        ])
        .unwrap();
        let Command::Simulate(a) = cli.command else {
            panic!("not simulate");
        };
        assert_eq!(a.bots, ["heuristic", "random"]);
        assert_eq!(a.deals, 5);
    }
}
