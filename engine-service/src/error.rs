//! Every mapping from a failure to a gRPC status, in one module.
//!
//! - malformed request: INVALID_ARGUMENT with a `BadRequest` listing each field violation;
//! - rule violation: FAILED_PRECONDITION with an `ErrorInfo` (domain `tarock.v1`, a reason such as
//!   `ILLEGAL_ACTION`, and metadata `rule`, `seat`, `phase`, `action_index`);
//! - a feature the server does not offer: UNIMPLEMENTED.

use crate::convert::FieldViolation;
use std::collections::HashMap;
use tarock_engine::game::{Violation, ViolationKind};
use tarock_engine::Seat;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The ErrorInfo domain.
pub const DOMAIN: &str = "tarock.v1";

/// INVALID_ARGUMENT with every field violation.
pub fn bad_request(violations: &[FieldViolation]) -> Status {
    let mut details = ErrorDetails::new();
    for v in violations {
        details.add_bad_request_violation(v.field.clone(), v.description.clone());
    }
    let summary = violations
        .iter()
        .map(|v| format!("{}: {}", v.field, v.description))
        .collect::<Vec<_>>()
        .join("; ");
    Status::with_error_details(
        Code::InvalidArgument,
        format!("invalid request: {summary}"),
        details,
    )
}

/// INVALID_ARGUMENT for one field.
pub fn bad_field(field: &str, description: &str) -> Status {
    bad_request(&[FieldViolation::new(field, description)])
}

/// Reasons for FAILED_PRECONDITION.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The rules forbid the action.
    IllegalAction,
    /// The action is not one this phase takes.
    WrongPhase,
    /// The hand is over.
    GameOver,
    /// The acting seat is not the seat to act.
    NotYourTurn,
    /// The record names a rules version this server does not play.
    RulesVersionUnsupported,
    /// The match's session has ended: no further hand.
    MatchOver,
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
    let mut metadata = HashMap::new();
    if let Some(rule) = ctx.rule {
        metadata.insert("rule".to_owned(), rule.to_owned());
    }
    if let Some(seat) = ctx.seat {
        metadata.insert("seat".to_owned(), seat.get().to_string());
    }
    if !ctx.phase.is_empty() {
        metadata.insert("phase".to_owned(), ctx.phase.to_owned());
    }
    metadata.insert("action_index".to_owned(), ctx.action_index.to_string());
    let details = ErrorDetails::with_error_info(reason.as_str(), DOMAIN, metadata);
    let text = match ctx.rule {
        Some(rule) => format!("{}: {rule}: {message}", reason.as_str()),
        None => format!("{}: {message}", reason.as_str()),
    };
    Status::with_error_details(Code::FailedPrecondition, text, details)
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
    Status::unimplemented(what.to_owned())
}
