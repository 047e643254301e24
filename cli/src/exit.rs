//! Exit codes and error reports: 0 success; 1 a record failed verification or a command was
//! rejected; 2 bad usage or input that cannot be read; 3 the store was busy (another kifu
//! process kept writing for longer than `--wait`). Errors go to stderr.

use std::process::ExitCode;

pub const FAILED: u8 = 1;
pub const BAD_INPUT: u8 = 2;
pub const BUSY: u8 = 3;

/// An error for the user, with the exit code it maps to.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// A command was refused or a record does not verify (exit 1).
    pub fn rejected(message: impl std::fmt::Display) -> Self {
        CliError {
            code: FAILED,
            message: message.to_string(),
        }
    }
    /// Input that cannot be read, a missing record, a bad argument (exit 2).
    pub fn input(message: impl std::fmt::Display) -> Self {
        CliError {
            code: BAD_INPUT,
            message: message.to_string(),
        }
    }
    /// Another process held the store for longer than we wait (exit 3).
    pub fn busy(message: impl std::fmt::Display) -> Self {
        CliError {
            code: BUSY,
            message: message.to_string(),
        }
    }
    pub fn report(&self) -> ExitCode {
        eprintln!("kifu: {}", self.message);
        ExitCode::from(self.code)
    }
}

/// Standard output could not be written. A closed pipe (the reader has all it wanted, as
/// `head` does) ends the process quietly with success; anything else is reported, exit 2.
pub fn stdout_failed(error: std::io::Error) -> ! {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("kifu: standard output: {error}");
    std::process::exit(BAD_INPUT as i32)
}

pub type CliResult = Result<ExitCode, CliError>;

impl From<kifu_records::StoreError> for CliError {
    fn from(e: kifu_records::StoreError) -> Self {
        CliError::input(e)
    }
}

impl From<kifu_records::ReadError> for CliError {
    fn from(e: kifu_records::ReadError) -> Self {
        use kifu_records::ReadError::*;
        match e {
            Store(e) => CliError::from(e),
            // A stored record that does not hold together fails verification.
            Broken { .. } | Damaged { .. } => CliError::rejected(e),
            NotFound(_) | Ambiguous(_) => CliError::input(e),
        }
    }
}

impl From<kifu_records::OpenError> for CliError {
    fn from(e: kifu_records::OpenError) -> Self {
        match e {
            kifu_records::OpenError::Busy(..) | kifu_records::OpenError::HeldAlone(_) => CliError::busy(e),
            _ => CliError::input(e),
        }
    }
}

impl From<kifu_records::ImportError> for CliError {
    fn from(e: kifu_records::ImportError) -> Self {
        match e {
            kifu_records::ImportError::Store(e) => CliError::from(e),
        }
    }
}

impl From<kifu_records::AppendError> for CliError {
    fn from(e: kifu_records::AppendError) -> Self {
        use kifu_records::AppendError::*;
        match e {
            Read(e) => CliError::from(e),
            Store(e) => CliError::from(e),
            NotFound(_) | Secret(_) => CliError::input(e),
            Conflict { .. } | KeyReused(_) | Rejected(_) | Forbidden { .. } => CliError::rejected(e),
        }
    }
}

impl From<kifu_records::CreateError> for CliError {
    fn from(e: kifu_records::CreateError) -> Self {
        use kifu_records::CreateError::*;
        match e {
            Rejected(_) | Seed(_) | Token(_) => CliError::input(e),
            Exists(_) => CliError::rejected(e),
            Store(e) => CliError::from(e),
            Random(_) | Secret(_) => CliError::input(e),
        }
    }
}
