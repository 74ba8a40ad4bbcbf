//! What a player types during `tarock play`: commands, move numbers and action notations.
//!
//! A line is a command (`help`, `history`, `hand`, `save FILE`, `quit`), a move number from the
//! listed legal moves, or an action in the API's notation (`play T21`, `bid three`), which may
//! be just a card (`T21`) when the phase makes the action clear. Text that names no listed move
//! is still sent to the server, so that its refusal — with the rule id — explains why.

use tarock_proto::v1 as pb;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Nothing typed.
    Empty,
    /// Show the commands.
    Help,
    /// Show the tricks so far.
    History,
    /// Show the hand and the table again.
    Hand,
    /// Write the record to this file.
    Save(String),
    /// Leave the game.
    Quit,
    /// A move by its number in the list (1-based, as shown).
    Number(usize),
    /// An action in notation, or a bare card.
    Action(String),
}

/// Parses a line.
///
/// # Errors
/// A message for a command that is missing its argument.
pub(crate) fn parse(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Line::Empty);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "help" | "?" | "h" if rest.is_empty() => Ok(Line::Help),
        "history" if rest.is_empty() => Ok(Line::History),
        "hand" | "table" if rest.is_empty() => Ok(Line::Hand),
        "quit" | "exit" | "q" if rest.is_empty() => Ok(Line::Quit),
        "save" if rest.is_empty() => Err("save needs a file name: save FILE".to_owned()),
        "save" => Ok(Line::Save(rest.to_owned())),
        _ if line.bytes().all(|b| b.is_ascii_digit()) => match line.parse::<usize>() {
            Ok(n) if n > 0 => Ok(Line::Number(n)),
            _ => Err(format!("no move {line}: moves are numbered from 1")),
        },
        _ => Ok(Line::Action(
            line.split_whitespace().collect::<Vec<_>>().join(" "),
        )),
    }
}

/// What typed text stands for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Choice {
    /// The listed move with this index (0-based).
    Listed(usize),
    /// No listed move: this action, to be sent so that the server can say what is wrong.
    Unlisted(pb::Action),
}

/// Finds the move `text` names among `moves` (in phase `phase`).
///
/// Notation matches case-insensitively; a bare card matches the one listed move with that card.
/// Text that matches nothing becomes an action in notation (a bare card gets the verb of the
/// phase: `play`, `discard` or `call`).
///
/// # Errors
/// A message when a bare card matches several listed moves.
pub(crate) fn resolve(text: &str, moves: &[pb::LegalMove], phase: i32) -> Result<Choice, String> {
    fn notation(m: &pb::LegalMove) -> &str {
        m.action.as_ref().map_or("", |a| a.notation.as_str())
    }
    if let Some(i) = moves
        .iter()
        .position(|m| notation(m).eq_ignore_ascii_case(text))
    {
        return Ok(Choice::Listed(i));
    }
    let single = !text.contains(' ');
    if single {
        let with_card: Vec<usize> = moves
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                m.action
                    .as_ref()
                    .and_then(|a| a.card.as_ref())
                    .is_some_and(|c| c.notation.eq_ignore_ascii_case(text))
            })
            .map(|(i, _)| i)
            .collect();
        match with_card[..] {
            [i] => return Ok(Choice::Listed(i)),
            [] => {}
            _ => {
                let names: Vec<&str> = with_card.iter().map(|&i| notation(&moves[i])).collect();
                return Err(format!(
                    "{text} is in several moves ({}): type the whole move",
                    names.join(", ")
                ));
            }
        }
    }
    let verb = match pb::Phase::try_from(phase) {
        Ok(pb::Phase::Play) => Some("play"),
        Ok(pb::Phase::Discard) => Some("discard"),
        Ok(pb::Phase::Announce) => Some("call"),
        _ => None,
    };
    // A lone word that is not a known verb is taken for a card in phases that take cards.
    let notation = match verb {
        Some(verb) if single && !is_verb(text) => format!("{verb} {}", text.to_ascii_uppercase()),
        _ => {
            let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
            let word = word.to_ascii_lowercase();
            if rest.is_empty() {
                word
            } else {
                format!("{word} {rest}")
            }
        }
    };
    Ok(Choice::Unlisted(pb::Action {
        notation,
        ..Default::default()
    }))
}

fn is_verb(word: &str) -> bool {
    const VERBS: [&str; 15] = [
        "pass",
        "bid",
        "hold",
        "discard",
        "annul",
        "call",
        "declare",
        "announce",
        "kontra",
        "rekontra",
        "szubkontra",
        "hirskontra",
        "mordkontra",
        "play",
        "throw",
    ];
    VERBS.iter().any(|v| v.eq_ignore_ascii_case(word))
}

/// The help text.
pub(crate) const HELP: &str = "\
Type a move's number, or the move in notation (`play T21`, `bid three`, `pass`), or just a
card when the phase makes the move clear (`T21`). Commands:
  hand       show your hand and the table again
  history    the tricks played so far
  save FILE  write the game's record (protobuf JSON) to FILE
  help       this text
  quit       leave the game (end of input does the same)";

#[cfg(test)]
mod tests {
    use super::*;

    fn lm(notation: &str, card: Option<&str>) -> pb::LegalMove {
        pb::LegalMove {
            action: Some(pb::Action {
                notation: notation.to_owned(),
                card: card.map(|c| pb::Card {
                    notation: c.to_owned(),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            id: 0,
            label: String::new(),
        }
    }

    #[test]
    fn lines_parse() {
        for (input, expected) in [
            ("", Ok(Line::Empty)),
            ("   ", Ok(Line::Empty)),
            ("help", Ok(Line::Help)),
            ("?", Ok(Line::Help)),
            ("HISTORY", Ok(Line::History)),
            ("hand", Ok(Line::Hand)),
            ("quit", Ok(Line::Quit)),
            ("save game.json", Ok(Line::Save("game.json".to_owned()))),
            (
                "save  my game.json ",
                Ok(Line::Save("my game.json".to_owned())),
            ),
            ("save", Err("save needs a file name: save FILE".to_owned())),
            ("3", Ok(Line::Number(3))),
            (" 12 ", Ok(Line::Number(12))),
            ("0", Err("no move 0: moves are numbered from 1".to_owned())),
            (
                "99999999999999999999999",
                Err("no move 99999999999999999999999: moves are numbered from 1".to_owned()),
            ),
            ("play  T21", Ok(Line::Action("play T21".to_owned()))),
            ("T21", Ok(Line::Action("T21".to_owned()))),
            ("-1", Ok(Line::Action("-1".to_owned()))),
        ] {
            assert_eq!(parse(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn text_resolves_to_listed_moves() {
        let play = pb::Phase::Play as i32;
        let moves = [lm("play T21", Some("T21")), lm("play HK", Some("HK"))];
        assert_eq!(resolve("play T21", &moves, play), Ok(Choice::Listed(0)));
        assert_eq!(resolve("PLAY hk", &moves, play), Ok(Choice::Listed(1)));
        assert_eq!(resolve("hk", &moves, play), Ok(Choice::Listed(1)));
        let auction = pb::Phase::Auction as i32;
        let moves = [lm("pass", None), lm("bid three", None)];
        assert_eq!(resolve("bid three", &moves, auction), Ok(Choice::Listed(1)));
        assert_eq!(resolve("Pass", &moves, auction), Ok(Choice::Listed(0)));
    }

    #[test]
    fn unlisted_text_becomes_an_action_for_the_server_to_judge() {
        let unlisted = |n: &str| {
            Ok(Choice::Unlisted(pb::Action {
                notation: n.to_owned(),
                ..Default::default()
            }))
        };
        let moves = [lm("play T21", Some("T21"))];
        let play = pb::Phase::Play as i32;
        assert_eq!(resolve("sk", &moves, play), unlisted("play SK"));
        assert_eq!(resolve("play SK", &moves, play), unlisted("play SK"));
        assert_eq!(
            resolve("Bid two", &moves, pb::Phase::Auction as i32),
            unlisted("bid two")
        );
        assert_eq!(resolve("pass", &moves, play), unlisted("pass"));
        assert_eq!(
            resolve("T20", &moves, pb::Phase::Announce as i32),
            unlisted("call T20")
        );
        assert_eq!(
            resolve("xyzzy", &moves, pb::Phase::Auction as i32),
            unlisted("xyzzy")
        );
    }

    #[test]
    fn a_card_in_several_moves_is_ambiguous() {
        let moves = [lm("call T20", Some("T20")), lm("discard T20", Some("T20"))];
        assert!(resolve("T20", &moves, pb::Phase::Announce as i32).is_err());
    }
}
