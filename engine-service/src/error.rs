//! Every mapping from a failure to a gRPC status, in one module.
//!
//! Every status the service answers with carries machine-readable details:
//! - malformed request: INVALID_ARGUMENT with a `BadRequest` listing each field violation;
//! - everything else: a `google.rpc.ErrorInfo` with domain `tarock.v1`, a [`Reason`] and
//!   metadata: for a rule violation (FAILED_PRECONDITION) `rule`, `rule_text`, `seat`, `phase` and
//!   `action_index`; for the others what the reason needs (`limit`, `move_count`, …).
//!
//! Values a client sent are echoed in messages cut to [`ECHO_LIMIT`] characters ([`clip`]), and
//! a status's message and details are bounded whatever the request held, so that an error about
//! a huge field is small (a standard client refuses a `grpc-message` of megabytes).

use crate::convert::FieldViolation;
use std::borrow::Cow;
use std::collections::HashMap;
use tarock_engine::game::{Violation, ViolationKind};
use tarock_engine::Seat;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The ErrorInfo domain.
pub const DOMAIN: &str = "tarock.v1";

pub use tarock_engine::echo::{clip, ECHO_LIMIT};

/// The most field violations a BadRequest lists (a request with more says how many it left out).
const MAX_VIOLATIONS: usize = 8;

/// The longest field path or description of one field violation, in bytes.
const MAX_DESCRIPTION: usize = 160;

/// The longest message of a status, in bytes. The message travels twice (`grpc-message`, and
/// inside `grpc-status-details-bin`), and gRPC's C core refuses trailers over 8 KiB by default.
const MAX_MESSAGE: usize = 1024;

/// `s` cut to at most `max` bytes (on a character boundary), with `…` when cut.
fn bounded(s: &str, max: usize) -> Cow<'_, str> {
    if s.len() <= max {
        return Cow::Borrowed(s);
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}…", &s[..end]))
}

/// INVALID_ARGUMENT with every field violation (at most sixteen, each bounded).
pub fn bad_request(violations: &[FieldViolation]) -> Status {
    let mut details = ErrorDetails::new();
    let mut summary = Vec::new();
    for v in violations.iter().take(MAX_VIOLATIONS) {
        let field = bounded(&v.field, MAX_DESCRIPTION);
        let description = bounded(&v.description, MAX_DESCRIPTION);
        summary.push(format!("{field}: {description}"));
        details.add_bad_request_violation(field, description);
    }
    if violations.len() > MAX_VIOLATIONS {
        let more = format!("and {} more", violations.len() - MAX_VIOLATIONS);
        summary.push(more.clone());
        details.add_bad_request_violation("", more);
    }
    let message = format!("invalid request: {}", summary.join("; "));
    Status::with_error_details(
        Code::InvalidArgument,
        bounded(&message, MAX_MESSAGE),
        details,
    )
}

/// INVALID_ARGUMENT for one field.
pub fn bad_field(field: &str, description: &str) -> Status {
    bad_request(&[FieldViolation::new(field, description)])
}

/// Why a request failed, as ErrorInfo's `reason`: each belongs to one status code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// FAILED_PRECONDITION: the rules forbid the action.
    IllegalAction,
    /// FAILED_PRECONDITION: the action is not one this phase takes.
    WrongPhase,
    /// FAILED_PRECONDITION: the hand is over.
    GameOver,
    /// FAILED_PRECONDITION: the acting seat is not the seat to act.
    NotYourTurn,
    /// FAILED_PRECONDITION: the record names a rules version this server does not play.
    RulesVersionUnsupported,
    /// FAILED_PRECONDITION: the match's session has ended: no further hand.
    MatchOver,
    /// FAILED_PRECONDITION: the sampler found no world it could draw for the position (too
    /// constrained to find one in its attempts, or too complex to count).
    WorldsUnavailable,
    /// PERMISSION_DENIED: the server accepts sealed records only.
    OpenRecordsRefused,
    /// PERMISSION_DENIED: the token does not allow the request (another seat's action or view,
    /// no token where one is needed, a seat token where the table token is).
    TokenNotAllowed,
    /// PERMISSION_DENIED: a sealed deal is dealt from a seed the server draws, not one the
    /// client chose (the server was not started to allow it).
    ChosenDealRefused,
    /// UNAUTHENTICATED: a sealed record that does not open with the server's keys.
    SealInvalid,
    /// UNAUTHENTICATED: a token that was not issued for this game.
    TokenInvalid,
    /// ABORTED: a sealed record with another number of actions than the client expected.
    StaleRecord,
    /// OUT_OF_RANGE: a request larger than the server's message limit.
    MessageTooLarge,
    /// RESOURCE_EXHAUSTED: too many requests in flight.
    Overloaded,
    /// RESOURCE_EXHAUSTED: the requests in flight hold as many bytes as the server allows.
    MemoryBudget,
    /// RESOURCE_EXHAUSTED: as many Play streams are open as the server allows.
    TooManyStreams,
    /// RESOURCE_EXHAUSTED: SolvePosition reached its node limit before proving the value.
    SolveLimit,
    /// DEADLINE_EXCEEDED: no message came on a Play stream for the server's idle timeout.
    StreamIdle,
    /// UNIMPLEMENTED: a feature this server does not offer (sealed records without keys).
    Unimplemented,
    /// INTERNAL: a failure of the server's own (no randomness, a broken invariant).
    Internal,
}

impl Reason {
    /// The ErrorInfo reason string.
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::IllegalAction => "ILLEGAL_ACTION",
            Reason::WrongPhase => "WRONG_PHASE",
            Reason::GameOver => "GAME_OVER",
            Reason::NotYourTurn => "NOT_YOUR_TURN",
            Reason::RulesVersionUnsupported => "RULES_VERSION_UNSUPPORTED",
            Reason::MatchOver => "MATCH_OVER",
            Reason::WorldsUnavailable => "WORLDS_UNAVAILABLE",
            Reason::OpenRecordsRefused => "OPEN_RECORDS_REFUSED",
            Reason::TokenNotAllowed => "TOKEN_NOT_ALLOWED",
            Reason::ChosenDealRefused => "CHOSEN_DEAL_REFUSED",
            Reason::SealInvalid => "SEAL_INVALID",
            Reason::TokenInvalid => "TOKEN_INVALID",
            Reason::StaleRecord => "STALE_RECORD",
            Reason::MessageTooLarge => "MESSAGE_TOO_LARGE",
            Reason::Overloaded => "OVERLOADED",
            Reason::MemoryBudget => "MEMORY_BUDGET",
            Reason::TooManyStreams => "TOO_MANY_STREAMS",
            Reason::SolveLimit => "SOLVE_LIMIT",
            Reason::StreamIdle => "STREAM_IDLE",
            Reason::Unimplemented => "UNIMPLEMENTED",
            Reason::Internal => "INTERNAL",
        }
    }

    /// The status code the reason is answered with.
    pub const fn code(self) -> Code {
        match self {
            Reason::IllegalAction
            | Reason::WrongPhase
            | Reason::GameOver
            | Reason::NotYourTurn
            | Reason::RulesVersionUnsupported
            | Reason::MatchOver
            | Reason::WorldsUnavailable => Code::FailedPrecondition,
            Reason::OpenRecordsRefused | Reason::TokenNotAllowed | Reason::ChosenDealRefused => {
                Code::PermissionDenied
            }
            Reason::SealInvalid | Reason::TokenInvalid => Code::Unauthenticated,
            Reason::StaleRecord => Code::Aborted,
            Reason::MessageTooLarge => Code::OutOfRange,
            Reason::Overloaded
            | Reason::MemoryBudget
            | Reason::TooManyStreams
            | Reason::SolveLimit => Code::ResourceExhausted,
            Reason::StreamIdle => Code::DeadlineExceeded,
            Reason::Unimplemented => Code::Unimplemented,
            Reason::Internal => Code::Internal,
        }
    }

    /// The reason of an engine violation.
    pub const fn of(v: &Violation) -> Reason {
        match v.kind {
            ViolationKind::GameOver => Reason::GameOver,
            ViolationKind::WrongPhase => Reason::WrongPhase,
            ViolationKind::Illegal => Reason::IllegalAction,
        }
    }
}

/// The status for `reason`, with an ErrorInfo holding `metadata`; the message is `REASON:
/// message`.
pub fn status(reason: Reason, message: &str, metadata: &[(&str, String)]) -> Status {
    let metadata: HashMap<String, String> = metadata
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect();
    let details = ErrorDetails::with_error_info(reason.as_str(), DOMAIN, metadata);
    let message = format!("{}: {message}", reason.as_str());
    Status::with_error_details(reason.code(), bounded(&message, MAX_MESSAGE), details)
}

/// PERMISSION_DENIED, UNAUTHENTICATED, UNIMPLEMENTED or INTERNAL (as `reason` says) with an
/// ErrorInfo and no metadata.
pub fn refused(reason: Reason, message: &str) -> Status {
    status(reason, message, &[])
}

/// ABORTED: the sealed record holds `held` actions, the client expected `expected`.
pub fn stale(held: usize, expected: u64) -> Status {
    status(
        Reason::StaleRecord,
        &format!(
            "the sealed record holds {held} actions, the client expected {expected}: reload the table"
        ),
        &[
            ("move_count", held.to_string()),
            ("expected_move_count", expected.to_string()),
        ],
    )
}

/// OUT_OF_RANGE: a request message over `limit` bytes.
pub fn too_large(limit: usize) -> Status {
    status(
        Reason::MessageTooLarge,
        &format!("the request is larger than this server's limit of {limit} bytes"),
        &[("limit", limit.to_string())],
    )
}

/// RESOURCE_EXHAUSTED: too many requests in flight.
pub fn overloaded() -> Status {
    status(
        Reason::Overloaded,
        "too many requests in flight: retry with back-off",
        &[],
    )
}

/// RESOURCE_EXHAUSTED: the requests in flight hold `budget` bytes, the server's budget.
pub fn over_budget(budget: usize) -> Status {
    status(
        Reason::MemoryBudget,
        "the requests in flight hold as many bytes as this server allows: retry with back-off",
        &[("budget", budget.to_string())],
    )
}

/// RESOURCE_EXHAUSTED: `limit` Play streams are open, the server's limit.
pub fn too_many_streams(limit: usize) -> Status {
    status(
        Reason::TooManyStreams,
        &format!("this server has {limit} Play streams open, its limit: retry with back-off"),
        &[("limit", limit.to_string())],
    )
}

/// DEADLINE_EXCEEDED: no message came on a Play stream for `idle`.
pub fn stream_idle(idle: std::time::Duration) -> Status {
    let secs = idle.as_secs_f64();
    status(
        Reason::StreamIdle,
        &format!("no message came on this Play stream for {secs} s: the stream and its tables are closed"),
        &[("idle_secs", secs.to_string())],
    )
}

/// The status as one line, `CODE: message` (`CODE` as gRPC names it).
pub fn line(status: &Status) -> String {
    format!(
        "{}: {}",
        crate::metrics::code_name(status.code() as usize),
        status.message()
    )
}

/// Where a rule violation happened.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The seat that was to act.
    pub seat: Option<Seat>,
    /// The phase name.
    pub phase: &'static str,
    /// The index of the offending action (in the record, or where the new one would go).
    pub action_index: usize,
    /// The CHECKLIST rule id, if any.
    pub rule: Option<&'static str>,
}

/// FAILED_PRECONDITION with ErrorInfo.
pub fn precondition(reason: Reason, message: &str, ctx: &Context) -> Status {
    let mut metadata = Vec::with_capacity(5);
    if let Some(rule) = ctx.rule {
        metadata.push(("rule", rule.to_owned()));
        // The rule's statement in the rules reference (every id the engine cites is defined
        // there: a test checks it), so that a client can show it without a lookup.
        if let Some(r) = tarock_engine::rulebook::rulebook().get(rule) {
            metadata.push(("rule_text", r.text.to_owned()));
        }
    }
    if let Some(seat) = ctx.seat {
        metadata.push(("seat", seat.get().to_string()));
    }
    if !ctx.phase.is_empty() {
        metadata.push(("phase", ctx.phase.to_owned()));
    }
    metadata.push(("action_index", ctx.action_index.to_string()));
    match ctx.rule {
        Some(rule) => status(reason, &format!("{rule}: {message}"), &metadata),
        None => status(reason, message, &metadata),
    }
}

/// FAILED_PRECONDITION for an engine violation.
pub fn violation(v: &Violation, ctx: Context) -> Status {
    precondition(
        Reason::of(v),
        v.message,
        &Context {
            rule: Some(v.rule),
            ..ctx
        },
    )
}

/// UNIMPLEMENTED.
pub fn unimplemented(what: &str) -> Status {
    refused(Reason::Unimplemented, what)
}

/// UNIMPLEMENTED: sealed records on a server without a key ring.
pub fn no_keys() -> Status {
    unimplemented("sealed records need a key ring, and this server has none configured")
}

/// INVALID_ARGUMENT: a request without a state.
pub fn missing_state() -> Status {
    bad_field("state", "set record (or sealed)")
}

/// INVALID_ARGUMENT: a sealed ApplyAction without `expected_move_count`.
pub fn no_move_count() -> Status {
    bad_field(
        "expected_move_count",
        "acting on a sealed record needs the number of actions it holds (SealedRecord.move_count)",
    )
}

/// INVALID_ARGUMENT for a setup that does not deal: each problem of an explicit deal as a field
/// violation of `{field}explicit_deal`, anything else at `field`.
pub fn setup(e: &tarock_engine::SetupError, field: &str) -> Status {
    match e {
        tarock_engine::SetupError::Deal(d) => {
            let v: Vec<FieldViolation> = d
                .problems
                .iter()
                .map(|p| FieldViolation::new(format!("{field}explicit_deal"), p.to_string()))
                .collect();
            bad_request(&v)
        }
        other => bad_field(field.trim_end_matches('.'), &other.to_string()),
    }
}

/// FAILED_PRECONDITION: a record of a rules version this server does not play.
pub fn rules_version(version: u32) -> Status {
    precondition(
        Reason::RulesVersionUnsupported,
        &format!(
            "the record is for rules version {version}, this server plays version {}",
            tarock_engine::RULES_VERSION
        ),
        &Context::default(),
    )
}

/// PERMISSION_DENIED for a sealed deal the client chose through `field`.
pub fn chosen_deal_refused(field: &str) -> Status {
    refused(
        Reason::ChosenDealRefused,
        &format!(
            "this server deals sealed hands from seeds it draws itself, so that the seed \
             commitment shows the deal was random: leave `{field}` unset"
        ),
    )
}

/// INTERNAL.
pub fn internal(what: &str) -> Status {
    refused(Reason::Internal, what)
}

/// The status of an error of the layers under the service: load shedding is RESOURCE_EXHAUSTED
/// ([`overloaded`]); any other is the status it carries, or tonic's reading of it.
pub fn of_layer(e: tower::BoxError) -> Status {
    if e.is::<tower::load_shed::error::Overloaded>() {
        overloaded()
    } else {
        Status::from_error(e)
    }
}

/// The reason given to a status of `code` that tonic made itself.
fn reason_of(code: Code) -> Reason {
    match code {
        Code::OutOfRange => Reason::MessageTooLarge,
        Code::ResourceExhausted => Reason::Overloaded,
        Code::Unimplemented => Reason::Unimplemented,
        Code::Unauthenticated => Reason::SealInvalid,
        Code::PermissionDenied => Reason::TokenNotAllowed,
        Code::Aborted => Reason::StaleRecord,
        _ => Reason::Internal,
    }
}

/// `status` with the details the service's own statuses carry, when it has none (a status tonic
/// made itself: a message over the limit, an unknown method, a request that does not decode, a
/// timeout): a BadRequest for INVALID_ARGUMENT (the whole request is the field), an ErrorInfo
/// otherwise. `None` for a status with details, or OK.
pub fn detailed(status: &Status) -> Option<Status> {
    if !status.details().is_empty() || status.code() == Code::Ok {
        return None;
    }
    let details = match status.code() {
        Code::InvalidArgument => ErrorDetails::with_bad_request_violation("", status.message()),
        Code::Cancelled | Code::DeadlineExceeded => {
            ErrorDetails::with_error_info("TIMEOUT", DOMAIN, HashMap::new())
        }
        code => ErrorDetails::with_error_info(reason_of(code).as_str(), DOMAIN, HashMap::new()),
    };
    Some(Status::with_error_details(
        status.code(),
        bounded(status.message(), MAX_MESSAGE),
        details,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_values_are_clipped() {
        let long = "x".repeat(2_000_000);
        assert_eq!(clip(&long).chars().count(), ECHO_LIMIT + 1);
        assert_eq!(clip("short"), "short");
        // Cut on a character, never inside one.
        let wide = "é".repeat(100);
        assert_eq!(clip(&wide), format!("{}…", "é".repeat(ECHO_LIMIT)));
        assert_eq!(bounded(&wide, 9), "ééé…");
    }

    #[test]
    fn a_bad_request_is_bounded_whatever_it_lists() {
        let many: Vec<FieldViolation> = (0..10_000)
            .map(|i| FieldViolation::new(format!("options[{i}]"), "y".repeat(100_000)))
            .collect();
        let s = bad_request(&many);
        assert!(s.message().len() <= MAX_MESSAGE, "{}", s.message().len());
        assert!(s.details().len() < 3 * 1024, "{}", s.details().len());
        let d = s.get_error_details();
        let listed = &d.bad_request().expect("a BadRequest").field_violations;
        assert_eq!(listed.len(), MAX_VIOLATIONS + 1);
        assert_eq!(listed[MAX_VIOLATIONS].description, "and 9992 more");
    }

    #[test]
    fn every_reason_carries_error_info_with_its_code() {
        for (reason, code) in [
            (Reason::OpenRecordsRefused, Code::PermissionDenied),
            (Reason::TokenInvalid, Code::Unauthenticated),
            (Reason::StaleRecord, Code::Aborted),
            (Reason::MessageTooLarge, Code::OutOfRange),
            (Reason::MemoryBudget, Code::ResourceExhausted),
            (Reason::Overloaded, Code::ResourceExhausted),
        ] {
            let s = refused(reason, "why");
            assert_eq!(s.code(), code);
            let info = s
                .get_error_details()
                .error_info()
                .cloned()
                .expect("ErrorInfo");
            assert_eq!(
                (info.reason.as_str(), info.domain.as_str()),
                (reason.as_str(), DOMAIN)
            );
        }
    }
}
