//! Writing to standard output and standard error without panicking.
//!
//! `print!` panics when stdout is closed (`tarock replay game.json | head`). The `say!` and
//! `sayln!` macros write through [`stdout`] instead: a closed pipe ends the process quietly
//! with status 141 (as a shell reports a program ended by SIGPIPE), any other write error with a
//! message and status 1.

use std::fmt;
use std::io::{ErrorKind, Write as _};

/// Writes formatted text to stdout (see the module docs for what happens on failure).
pub(crate) fn stdout(args: fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        stderr(format_args!(
            "error: cannot write to standard output: {e}\n"
        ));
        std::process::exit(1);
    }
}

/// Writes formatted text to stderr; if even that fails there is nobody left to tell.
pub(crate) fn stderr(args: fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}
