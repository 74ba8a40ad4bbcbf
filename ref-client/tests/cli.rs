//! The `tarock` binary driven as a subprocess, each run with its own in-process server (no
//! `--server`), as a user would run it.

use prost::Message as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use tarock_proto::v1 as pb;

const TAROCK: &str = env!("CARGO_BIN_EXE_tarock");

/// Runs `tarock args…` with `stdin` as its input; returns the exit status, stdout and stderr.
fn tarock(args: &[&str], stdin: impl AsRef<[u8]>) -> (Output, String, String) {
    let mut child = Command::new(TAROCK)
        .args(args)
        .env_remove("TAROCK_SERVER")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the tarock binary");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        // The client may finish before reading all of a long script; that is not an error here.
        let _ = input.write_all(stdin.as_ref());
    }
    let out = child.wait_with_output().expect("wait for tarock");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarock-client-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create the test directory");
    dir.join(name)
}

/// Lines that always choose the first listed move.
fn first_moves(n: usize) -> String {
    "1\n".repeat(n)
}

// `tarock rules` prints the rules reference's statements, in English or the game's language,
// and refuses a rule the variant does not have.
#[test]
fn rules_prints_the_reference() {
    let statement = |stdout: &str, id: &str| -> String {
        let prefix = format!("{id}  ");
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(&prefix))
            .unwrap_or_else(|| panic!("{id} missing:\n{stdout}"))
            .to_owned()
    };
    let (out, en, stderr) = tarock(&["rules", "danish-tarok", "DK-PLAY-02", "DK-MATCH-10"], "");
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        en.lines().filter(|l| l.starts_with("DK-")).count(),
        2,
        "{en}"
    );
    let play = statement(&en, "DK-PLAY-02");
    assert!(play.ends_with('.') && play.contains("suit"), "{play}");
    // DK-MATCH-10 is a judgement between players, and says so.
    assert!(en.contains("left to the players: "), "{en}");
    let (out, da, stderr) = tarock(
        &["rules", "danish-tarok", "DK-PLAY-02", "--locale", "da"],
        "",
    );
    assert!(out.status.success(), "{stderr}");
    let spil = statement(&da, "DK-PLAY-02");
    assert!(spil.ends_with('.') && spil != play, "{spil}");
    // Every rule of a variant, without ids.
    let (out, all, stderr) = tarock(&["rules", "hungarian-paskievics"], "");
    assert!(out.status.success(), "{stderr}");
    for prefix in ["HU-", "PK-", "HV-"] {
        assert!(
            all.lines().any(|l| l.starts_with(prefix)),
            "{prefix}:\n{all}"
        );
    }
    assert!(all.lines().filter(|l| l.starts_with("HU-")).count() > 150);
    let (out, _, stderr) = tarock(&["rules", "polish-krolami", "HU-PLAY-05"], "");
    assert!(!out.status.success());
    assert!(stderr.contains("ids[0]"), "{stderr}");
}

#[test]
fn variants_lists_variants_options_and_bots() {
    let (out, stdout, stderr) = tarock(&["variants"], "");
    assert!(out.status.success(), "{stderr}");
    for id in [
        "hungarian-illustrated",
        "hungarian-paskievics",
        "hungarian-high",
        "polish-krolami",
        "austrian-illustrated",
        "danish-tarok",
    ] {
        assert!(stdout.contains(id), "{id} missing:\n{stdout}");
    }
    for text in [
        "hold_rule",
        "enum: new|old",
        "default",
        "heuristic",
        "random",
    ] {
        assert!(stdout.contains(text), "{text} missing:\n{stdout}");
    }
    // Output to a pipe is plain text.
    assert!(!stdout.contains('\x1b'), "colour codes in piped output");
}

/// Runs `simulate --json` and checks the fields every report has; returns the object.
fn simulate_json(args: &[&str], deals: u64, seats: usize) -> serde_json::Value {
    let mut all = vec!["simulate", "--json"];
    all.extend_from_slice(args);
    let (out, stdout, stderr) = tarock(&all, "");
    assert!(out.status.success(), "{args:?}: {stderr}");
    // No progress bar with --json.
    assert!(stderr.is_empty(), "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(v["deals"], deals, "{v}");
    assert!(v["deals_per_sec"].as_f64().is_some_and(|x| x > 0.0), "{v}");
    let list = v["seats"].as_array().expect("seats is a list");
    assert_eq!(list.len(), seats, "{v}");
    let mut sum = 0i64;
    for seat in list {
        assert!(seat["bot"].is_string(), "{seat}");
        assert!(seat["mean_payment"].is_number(), "{seat}");
        assert!(seat["stderr"].as_f64().is_some_and(|x| x >= 0.0), "{seat}");
        sum += seat["total_payment"].as_i64().expect("total_payment");
    }
    // Payments are zero-sum; the Austrian score sheet credits points instead.
    match v["scoring"].as_str() {
        // What went into the Danish pots balances the players' payments.
        Some("payments") => assert_eq!(
            sum + v["potted"].as_i64().expect("potted"),
            0,
            "payments are zero-sum: {v}"
        ),
        Some("points") => assert_eq!(v["variant"], "austrian-illustrated", "{v}"),
        other => panic!("scoring {other:?}: {v}"),
    }
    let contracts: u64 = v["contracts"]
        .as_array()
        .expect("contracts")
        .iter()
        .map(|c| c["deals"].as_u64().unwrap_or(0))
        .sum();
    let played = v["ends"]["played"].as_u64().unwrap_or(0);
    // The Danish game has no contracts.
    let danish = v["variant"] == "danish-tarok";
    assert!(
        played > 0 && (contracts >= played || danish && contracts == 0) && contracts <= deals,
        "{v}"
    );
    v
}

fn simulate(variant: &str, seats: u32) {
    let seats_arg = seats.to_string();
    let v = simulate_json(
        &["-n", "500", "--variant", variant, "--seats", &seats_arg],
        500,
        seats as usize,
    );
    assert_eq!(v["variant"], variant);
    for seat in v["seats"].as_array().expect("seats") {
        assert_eq!(seat["bot"], "heuristic", "{seat}");
    }
    // In 500 deals some bonuses are scored, and each is counted.
    assert!(
        v["bonuses"].as_array().is_some_and(|b| !b.is_empty()),
        "{v}"
    );
}

#[test]
fn simulate_assigns_bots_per_seat_and_is_reproducible() {
    let args = [
        "-n",
        "30",
        "--bots",
        "heuristic,random",
        "--seed",
        "11",
        "--concurrency",
        "3",
    ];
    let v = simulate_json(&args, 30, 4);
    for (s, seat) in v["seats"].as_array().expect("seats").iter().enumerate() {
        let bot = if s % 2 == 0 { "heuristic" } else { "random" };
        assert_eq!(seat["bot"], bot, "{seat}");
    }
    let by_bot = v["bots"].as_array().expect("bots");
    assert_eq!(by_bot.len(), 2, "{v}");
    // The same seeds give the same deals whatever the concurrency.
    let mut again = args;
    again[7] = "1";
    let w = simulate_json(&again, 30, 4);
    assert_eq!(v["seats"], w["seats"]);
    assert_eq!(v["actions"], w["actions"]);
}

/// Duplicate: every deal once per rotation; each bot's mean per deal over the seats it held,
/// the first bot's lead over the other, the same whatever the concurrency.
#[test]
fn simulate_duplicate_rotates_the_bots_and_compares_them() {
    let args = [
        "-n",
        "6",
        "--bots",
        "search,heuristic,heuristic,heuristic",
        "--duplicate",
        "--worlds",
        "4",
        "--seed",
        "5",
        "--concurrency",
        "4",
    ];
    // Six deals played four times each.
    let v = simulate_json(&args, 24, 4);
    let d = &v["duplicate"];
    assert_eq!(d["deals"], 6, "{v}");
    let bots = d["bots"].as_array().expect("bots");
    assert_eq!(bots.len(), 2, "{d}");
    assert_eq!(bots[0]["bot"], "search");
    assert_eq!(bots[1]["bot"], "heuristic");
    let (s, h) = (
        bots[0]["mean_per_deal"].as_f64().unwrap(),
        bots[1]["mean_per_deal"].as_f64().unwrap(),
    );
    // Zero-sum payments: the search bot's four seats pay what the heuristic's twelve receive.
    assert!((s + 3.0 * h).abs() < 1e-3, "{d}");
    let lead = &d["leads"][0];
    assert_eq!(lead["over"], "heuristic");
    assert!(
        (lead["mean_per_deal"].as_f64().unwrap() - (s - h)).abs() < 1e-3,
        "{d}"
    );
    assert!(lead["stderr"].as_f64().is_some_and(|x| x >= 0.0), "{d}");
    // Every seat was played by both bots, so no seat is named for one.
    for seat in v["seats"].as_array().expect("seats") {
        assert_eq!(seat["bot"], "rotating", "{seat}");
    }
    let mut again = args;
    again[10] = "1";
    let w = simulate_json(&again, 24, 4);
    assert_eq!(v["duplicate"], w["duplicate"]);
}

#[test]
fn simulate_illustrated_4() {
    simulate("hungarian-illustrated", 4);
}

#[test]
fn simulate_illustrated_5() {
    simulate("hungarian-illustrated", 5);
}

#[test]
fn simulate_paskievics() {
    simulate("hungarian-paskievics", 4);
}

#[test]
fn simulate_high() {
    simulate("hungarian-high", 4);
}

#[test]
fn simulate_polish() {
    simulate("polish-krolami", 4);
}

#[test]
fn simulate_austrian() {
    simulate("austrian-illustrated", 3);
}

#[test]
fn simulate_danish() {
    simulate("danish-tarok", 3);
    simulate("danish-tarok", 4);
}

#[test]
fn simulate_prints_a_human_summary() {
    let (out, stdout, stderr) = tarock(&["simulate", "-n", "20", "--seed", "3"], "");
    assert!(out.status.success(), "{stderr}");
    for text in [
        "20 deals of hungarian-illustrated",
        "deals/s",
        "seat 3",
        "contracts",
        "±",
    ] {
        assert!(stdout.contains(text), "{text} missing:\n{stdout}");
    }
}

/// Plays seed 3 choosing move 1 throughout and saves the record; returns its path.
fn saved_game(name: &str) -> PathBuf {
    let path = temp_path(name);
    let path_s = path.to_str().expect("utf-8 path");
    let (out, stdout, stderr) =
        tarock(&["play", "--seed", "3", "--save", path_s], first_moves(200));
    assert!(out.status.success(), "{stderr}\n{stdout}");
    assert!(path.exists(), "no record saved:\n{stdout}");
    path
}

#[test]
fn play_to_the_end_choosing_move_one() {
    let (out, stdout, stderr) = tarock(&["play", "--seed", "3"], first_moves(200));
    assert!(out.status.success(), "{stderr}");
    for text in [
        "You are seat 0",
        "Your hand:",
        "Your move (auction)",
        "trick  1",
        "Settlement",
        "total",
        "card points",
    ] {
        assert!(stdout.contains(text), "{text} missing:\n{stdout}");
    }
    // Only seat 0's view: the bots' discards are face down.
    assert!(stdout.contains("discard (face down)"), "{stdout}");
}

#[test]
fn play_explains_bad_input_and_saves_on_request() {
    let saved = temp_path("mid-game.json");
    let script = format!(
        "help\nxyzzy\n0\n999\nplay SKIZ\nhistory\nsave {}\npass\n{}",
        saved.display(),
        first_moves(200)
    );
    let (out, stdout, stderr) = tarock(&["play", "--seed", "3"], &script);
    assert!(out.status.success(), "{stderr}");
    // help
    assert!(stdout.contains("save FILE"), "{stdout}");
    // An unparsable action: the server's explanation.
    assert!(stdout.contains("invalid action \"xyzzy\""), "{stdout}");
    // Numbers out of range.
    assert!(stdout.contains("moves are numbered from 1"), "{stdout}");
    assert!(stdout.contains("there is no move 999"), "{stdout}");
    // A card play in the auction: refused with the rule id.
    assert!(
        stdout.contains("not allowed: the auction takes only bids, holds and passes (rule HU-"),
        "{stdout}"
    );
    assert!(stdout.contains("No tricks yet"), "{stdout}");
    assert!(stdout.contains("Saved the record to"), "{stdout}");
    // The notation `pass` was accepted as a move.
    assert!(stdout.contains("you: pass"), "{stdout}");
    assert!(stdout.contains("Settlement"), "{stdout}");
    let text = std::fs::read_to_string(&saved).expect("the saved record");
    let record: serde_json::Value = serde_json::from_str(&text).expect("protobuf JSON");
    assert_eq!(record["variant"], "hungarian-illustrated");
}

#[test]
fn play_shows_the_tricks_on_request() {
    let mut script = String::new();
    for _ in 0..40 {
        script.push_str("1\nhistory\n");
    }
    let (out, stdout, stderr) = tarock(&["play", "--seed", "3", "--no-color"], &script);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("→ seat"), "{stdout}");
    assert!(stdout.contains("Settlement"), "{stdout}");
}

#[test]
fn play_refuses_input_that_is_not_utf8() {
    let (out, stdout, stderr) = tarock(&["play", "--seed", "3"], b"\xff\xfe\nquit\n");
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("not allowed"), "{stdout}");
    assert!(stdout.contains("You leave the game"), "{stdout}");
}

#[test]
fn play_ends_cleanly_at_end_of_input() {
    let (out, stdout, stderr) = tarock(&["play", "--seed", "3"], "");
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("End of input"), "{stdout}");
    let (out, stdout, _) = tarock(&["play", "--seed", "3"], "quit\n");
    assert!(out.status.success());
    assert!(stdout.contains("You leave the game"), "{stdout}");
}

// `tarock solve` gives the double-dummy value of a recorded hand in trick play, each move's
// value, where the value lies among cuts, the side's settlement, and the bounds proved when the
// node limit stops it.
#[test]
fn solve_a_saved_game_in_trick_play() {
    let path = saved_game("to-solve.json");
    let text = std::fs::read_to_string(&path).expect("read");
    let mut record: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let actions = record["actions"].as_array_mut().expect("actions");
    // Five tricks of four cards before the end.
    let keep = actions.len() - 20;
    actions.truncate(keep);
    let part = temp_path("five-tricks-left.json");
    std::fs::write(&part, record.to_string()).expect("write");
    let p = part.to_str().expect("utf-8 path");

    let (out, stdout, stderr) = tarock(&["solve", p, "--each-move"], "");
    assert!(out.status.success(), "{stderr}");
    let thirds: i64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("value: "))
        .and_then(|l| l.split('(').nth(1))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no value:\n{stdout}"));
    let best = stdout
        .lines()
        .find_map(|l| l.strip_prefix("best move: "))
        .unwrap_or_else(|| panic!("no best move:\n{stdout}"))
        .to_owned();
    // Each move's value, in points as printed; the best move's is the value.
    let printed = |t: i64| match (t / 3, t % 3) {
        (w, 0) => w.to_string(),
        (w, r) => format!("{w} {r}/3"),
    };
    // The lines under "each move:": a move and what follows it.
    let listed = |out: &str| -> Vec<(String, String)> {
        out.lines()
            .skip_while(|l| *l != "each move:")
            .skip(1)
            .filter_map(|l| l.strip_prefix("  "))
            .map(|l| l.split_at(24))
            .map(|(m, v)| (m.trim_end().to_owned(), v.trim().to_owned()))
            .collect()
    };
    let moves = listed(&stdout);
    assert!(!moves.is_empty(), "{stdout}");
    assert!(
        moves.contains(&(best.clone(), printed(thirds))),
        "{best} is not worth {thirds} thirds:\n{stdout}"
    );

    // The value lies at the lower of two cuts a third of a point apart.
    let cuts = format!("{thirds}/3,{}/3", thirds + 1);
    let (out, stdout, stderr) = tarock(&["solve", p, "--cuts", &cuts], "");
    assert!(out.status.success(), "{stderr}");
    let place = format!(
        "reaches 1 of them: at least {} and below {}\n",
        printed(thirds),
        printed(thirds + 1)
    );
    assert!(stdout.contains(&place), "{place}:\n{stdout}");

    // Each move's place among the same cuts: the best move's is the value's, and every move
    // printed above is placed as its value says.
    let (out, placed, stderr) = tarock(&["solve", p, "--cuts", &cuts, "--each-move"], "");
    assert!(out.status.success(), "{stderr}");
    let placed = listed(&placed);
    assert_eq!(placed.len(), moves.len(), "{stdout}");
    // Printed points back to thirds: `31` or `31 1/3`.
    let parsed = |v: &str| -> i64 {
        let mut parts = v.split(' ');
        let whole: i64 = parts.next().and_then(|w| w.parse().ok()).expect("points");
        let rest: i64 = parts
            .next()
            .and_then(|r| r.strip_suffix("/3"))
            .map_or(0, |r| r.parse().expect("thirds"));
        3 * whole + rest
    };
    for ((m, v), (pm, pv)) in moves.iter().zip(&placed) {
        assert_eq!(m, pm);
        let x = parsed(v);
        let want = match x.cmp(&thirds) {
            std::cmp::Ordering::Less => format!("below {}", printed(thirds)),
            std::cmp::Ordering::Equal => format!(
                "at least {} and below {}",
                printed(thirds),
                printed(thirds + 1)
            ),
            std::cmp::Ordering::Greater => format!("at least {}", printed(thirds + 1)),
        };
        assert_eq!(*pv, want, "{m}: {v}");
    }

    // The settlement at the last card: the one move left gives the hand's own settlement,
    // which `tarock score` prints for the whole record; the side nets its seats' totals.
    let mut last: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    last["actions"].as_array_mut().expect("actions").pop();
    let last_path = temp_path("last-card.json");
    std::fs::write(&last_path, last.to_string()).expect("write");
    let lp = last_path.to_str().expect("utf-8 path");
    let (out, solved, stderr) = tarock(&["solve", lp, "--settlement", "--each-move"], "");
    assert!(out.status.success(), "{stderr}");
    let seats: Vec<usize> = solved
        .lines()
        .find_map(|l| l.split_once("the side of seat").map(|(_, r)| r))
        .map(|r| {
            r.trim_start_matches('s')
                .split(", ")
                .map(|n| n.trim().parse().expect("a seat"))
                .collect()
        })
        .unwrap_or_else(|| panic!("no side:\n{solved}"));
    let nets: i64 = solved
        .lines()
        .find_map(|l| l.strip_prefix("settlement: the side nets "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no settlement:\n{solved}"));
    let whole_path = path.to_str().expect("utf-8 path");
    let (out, scored, stderr) = tarock(&["score", whole_path], "");
    assert!(out.status.success(), "{stderr}");
    let totals: Vec<i64> = scored
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("total"))
        .map(|r| {
            r.split_whitespace()
                .map(|t| t.parse().expect("an amount"))
                .collect()
        })
        .unwrap_or_else(|| panic!("no totals:\n{scored}"));
    assert_eq!(
        nets,
        seats.iter().map(|&s| totals[s]).sum::<i64>(),
        "{solved}\n{scored}"
    );
    let one = listed(&solved);
    assert_eq!(one.len(), 1, "{solved}");
    assert_eq!(one[0].1, nets.to_string());

    // Stopped early: the bounds proved, as far as they go.
    let (out, _, stderr) = tarock(&["solve", p, "--max-nodes", "3"], "");
    assert!(!out.status.success());
    assert!(
        stderr.contains("not proved within") && stderr.contains("lies between"),
        "{stderr}"
    );
    // A hand over, cuts out of order and a seat not at the table are refused.
    let whole = path.to_str().expect("utf-8 path");
    for (args, says) in [
        (vec!["solve", whole], "trick play"),
        (vec!["solve", p, "--cuts", "20,10"], "ascending"),
        (vec!["solve", p, "--side", "7"], "no seat 7"),
        (vec!["solve", p, "--cuts", "ten"], "card points such as"),
        (
            vec!["solve", p, "--cuts", "10", "--settlement"],
            "cannot be used with",
        ),
    ] {
        let (out, _, stderr) = tarock(&args, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn validate_replay_and_score_a_saved_game() {
    let path = saved_game("good.json");
    let p = path.to_str().expect("utf-8 path");
    let (out, stdout, stderr) = tarock(&["validate", p], "");
    assert!(out.status.success(), "{stderr}\n{stdout}");
    assert!(
        stdout.contains("valid") && stdout.contains("hand over"),
        "{stdout}"
    );

    let (out, stdout, stderr) = tarock(&["score", p], "");
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("Settlement") && stdout.contains("total"),
        "{stdout}"
    );

    let (out, stdout, stderr) = tarock(&["replay", p], "");
    assert!(out.status.success(), "{stderr}");
    for text in ["#0", "bid", "trick  9", "Settlement", "talon:"] {
        assert!(stdout.contains(text), "{text} missing:\n{stdout}");
    }
    // The referee sees the discards.
    assert!(!stdout.contains("face down"), "{stdout}");

    // The same record in binary protobuf.
    let text = std::fs::read_to_string(&path).expect("read");
    let record: pb::GameRecord = serde_json::from_str(&text).expect("a GameRecord");
    let bin = temp_path("good.bin");
    std::fs::write(&bin, record.encode_to_vec()).expect("write");
    let (out, stdout, stderr) = tarock(&["validate", bin.to_str().expect("utf-8")], "");
    assert!(out.status.success(), "{stderr}\n{stdout}");
    assert!(stdout.contains("valid"), "{stdout}");

    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let actions = json["actions"].as_array().expect("actions").clone();

    // Corrupt it: repeat the first card play, so that the next seat "plays" a card it does not
    // hold.
    let first_play = actions
        .iter()
        .position(|a| a["kind"] == "ACTION_KIND_PLAY")
        .expect("a card was played");
    let mut corrupted = json.clone();
    let list = corrupted["actions"].as_array_mut().expect("actions");
    list.insert(first_play + 1, actions[first_play].clone());
    let bad = temp_path("corrupted.json");
    std::fs::write(
        &bad,
        serde_json::to_string_pretty(&corrupted).expect("json"),
    )
    .expect("write");
    let (out, stdout, stderr) = tarock(&["validate", bad.to_str().expect("utf-8")], "");
    assert!(
        !out.status.success(),
        "a corrupted record validated:\n{stdout}"
    );
    assert!(
        stdout.contains(&format!("at action #{}", first_play + 1)),
        "{stdout}{stderr}"
    );
    assert!(stdout.contains("(rule HU-"), "{stdout}");

    // Replaying it stops at the same action with the rule.
    let (out, _, stderr) = tarock(&["replay", bad.to_str().expect("utf-8")], "");
    assert!(!out.status.success());
    assert!(
        stderr.contains(&format!("error: action #{}", first_play + 1)),
        "{stderr}"
    );
    assert!(stderr.contains("(rule HU-"), "{stderr}");
}

#[test]
fn watch_shows_a_whole_hand() {
    let (out, stdout, stderr) = tarock(
        &[
            "watch",
            "--seed",
            "1",
            "--delay-ms",
            "0",
            "--bots",
            "random,heuristic",
        ],
        "",
    );
    assert!(out.status.success(), "{stderr}");
    for text in [
        "seat 0 (random)",
        "seat 1 (heuristic)",
        "talon:",
        "Settlement",
    ] {
        assert!(stdout.contains(text), "{text} missing:\n{stdout}");
    }
}

#[test]
fn watch_shows_an_austrian_hand_with_its_talon_in_order() {
    let (out, stdout, stderr) = tarock(
        &[
            "watch",
            "--variant",
            "austrian-illustrated",
            "--seed",
            "5",
            "--delay-ms",
            "0",
        ],
        "",
    );
    assert!(out.status.success(), "{stderr}");
    // Seed 5: seat 2 plays Dreiblatt and takes the run from the fourth talon card.
    for text in [
        "3 seats",
        "seat 2 (heuristic): bid dreiblatt",
        "seat 2 (heuristic): take 4",
        "talon: SK DA H3 C9 T15 T1",
        "trick 16",
        "points credited on the score sheet: nobody pays",
    ] {
        assert!(stdout.contains(text), "{text} missing:\n{stdout}");
    }
}

#[test]
fn errors_are_one_clear_line() {
    let (out, _, stderr) = tarock(&["validate", "/nonexistent/record.json"], "");
    assert!(!out.status.success());
    assert!(
        stderr.starts_with("error: cannot read /nonexistent/record.json"),
        "{stderr}"
    );

    let garbage = temp_path("garbage.json");
    std::fs::write(&garbage, "{ \"variant\": 7 }").expect("write");
    let (out, _, stderr) = tarock(&["score", garbage.to_str().expect("utf-8")], "");
    assert!(!out.status.success());
    assert!(stderr.contains("not a GameRecord"), "{stderr}");

    let (out, _, stderr) = tarock(&["simulate", "-n", "1", "--bots", "oracle"], "");
    assert!(!out.status.success());
    assert!(stderr.contains("unknown bot `oracle`"), "{stderr}");

    let (out, _, stderr) = tarock(&["simulate", "-n", "1", "--variant", "skat"], "");
    assert!(!out.status.success());
    assert!(stderr.contains("unknown variant `skat`"), "{stderr}");

    let (out, _, stderr) = tarock(&["play", "--option", "hold_rule=ancient"], "");
    assert!(!out.status.success());
    assert!(stderr.starts_with("error: invalid request"), "{stderr}");

    // Port 1 on loopback: nothing listens there.
    let (out, _, stderr) = tarock(&["--server", "http://127.0.0.1:1", "variants"], "");
    assert!(!out.status.success());
    assert!(
        stderr.contains("cannot connect to the server at http://127.0.0.1:1"),
        "{stderr}"
    );
}
