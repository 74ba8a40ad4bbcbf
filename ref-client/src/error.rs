//! The client's errors and how they are printed.
//!
//! A server error prints as `<message> (rule HU-XXX-NN)`: the rule id comes from the status's
//! `ErrorInfo` metadata (`rule`), and the message loses the `REASON: RULE: ` prefix the server
//! puts in front, so the rule is not printed twice.

use std::fmt;
use tonic::Status;
use tonic_types::StatusExt;

/// Everything that can end a command early.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The server answered with an error status (boxed: a status is large).
    Rpc(Box<Status>),
    /// The server's answer lacks something the API promises.
    Protocol(String),
    /// The server could not be reached (or the in-process one could not start).
    Connect(String),
    /// A file could not be read, written or decoded.
    File(String),
    /// The command line or an argument's value is unusable.
    Usage(String),
    /// One step of a longer command failed; the message says which step and why.
    Step(String),
}

impl From<Status> for CliError {
    fn from(s: Status) -> CliError {
        CliError::Rpc(Box::new(s))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Rpc(s) => f.write_str(&describe_status(s)),
            CliError::Protocol(m) => write!(f, "unexpected answer from the server: {m}"),
            CliError::Connect(m) | CliError::File(m) | CliError::Usage(m) | CliError::Step(m) => {
                f.write_str(m)
            }
        }
    }
}

/// The rule id of a FAILED_PRECONDITION status (its ErrorInfo metadata `rule`), if any.
pub(crate) fn rule_of(s: &Status) -> Option<String> {
    let details = s.get_error_details();
    details
        .error_info()
        .and_then(|info| info.metadata.get("rule").cloned())
        .filter(|r| !r.is_empty())
}

/// A status as one line: the message without the redundant `REASON: RULE: ` prefix, then
/// `(rule ID)` when the status names one. Transport failures say that the server is
/// unreachable rather than quoting hyper.
pub(crate) fn describe_status(s: &Status) -> String {
    if s.code() == tonic::Code::Unavailable {
        return format!("the server is unavailable: {}", s.message());
    }
    let rule = rule_of(s);
    let mut msg = s.message();
    let details = s.get_error_details();
    if let Some(info) = details.error_info() {
        msg = msg
            .strip_prefix(info.reason.as_str())
            .and_then(|m| m.strip_prefix(": "))
            .unwrap_or(msg);
    }
    if let Some(r) = &rule {
        msg = msg
            .strip_prefix(r.as_str())
            .and_then(|m| m.strip_prefix(": "))
            .unwrap_or(msg);
    }
    let msg = if msg.is_empty() {
        format!("the server answered {:?}", s.code())
    } else {
        msg.to_owned()
    };
    match rule {
        Some(r) => format!("{msg} (rule {r})"),
        None => msg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use tonic_types::ErrorDetails;

    fn with_rule(message: &str, reason: &str, rule: Option<&str>) -> Status {
        let mut metadata = HashMap::new();
        if let Some(r) = rule {
            metadata.insert("rule".to_owned(), r.to_owned());
        }
        let details = ErrorDetails::with_error_info(reason, "tarock.v1", metadata);
        Status::with_error_details(tonic::Code::FailedPrecondition, message, details)
    }

    #[test]
    fn the_rule_is_named_once_at_the_end() {
        let s = with_rule(
            "ILLEGAL_ACTION: HU-PLAY-03: must play a tarokk",
            "ILLEGAL_ACTION",
            Some("HU-PLAY-03"),
        );
        assert_eq!(describe_status(&s), "must play a tarokk (rule HU-PLAY-03)");
        assert_eq!(rule_of(&s).as_deref(), Some("HU-PLAY-03"));
    }

    #[test]
    fn statuses_without_details_print_their_message() {
        let s = Status::invalid_argument("invalid request: variant: unknown variant");
        assert_eq!(
            describe_status(&s),
            "invalid request: variant: unknown variant"
        );
        assert_eq!(rule_of(&s), None);
        let s = with_rule("NOT_YOUR_TURN: seat 2 is to act", "NOT_YOUR_TURN", None);
        assert_eq!(describe_status(&s), "seat 2 is to act");
    }
}
