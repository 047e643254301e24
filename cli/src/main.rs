//! The `kifu` command: a thin layer of clap commands over kifu-records and kifu-core.
//! It parses arguments, prints results and maps failures to exit codes; it holds no rules.

/// `println!` that ends the process quietly (exit 0) when standard output is a closed pipe,
/// as in `kifu log ID | head -1`, instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(error) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::exit::stdout_failed(error);
        }
    }};
}

/// `print!` with the same care as `out!`.
macro_rules! out_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(error) = write!(std::io::stdout().lock(), $($arg)*) {
            $crate::exit::stdout_failed(error);
        }
    }};
}

mod clock;
mod commands;
mod exit;
mod input;
mod store_path;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// kifu records games as append-only, hash-chained logs checked by each game's rules.
#[derive(Parser)]
#[command(name = "kifu", version, about, long_about = None)]
struct Cli {
    /// The store file [default: $KIFU_STORE, else kifu/store.redb in the user's data folder]
    #[arg(long, global = true, value_name = "PATH", env = "KIFU_STORE")]
    store: Option<PathBuf>,

    /// How long to wait for another kifu process that is writing to the store before giving
    /// up with "store busy" (exit 3)
    #[arg(
        long,
        global = true,
        value_name = "SECONDS",
        env = "KIFU_WAIT",
        default_value_t = 10.0
    )]
    wait: f64,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    New(commands::record::NewArgs),
    Play(commands::record::PlayArgs),
    Correct(commands::record::CorrectArgs),
    Legal(commands::record::LegalArgs),
    Show(commands::record::ShowArgs),
    Log(commands::record::LogArgs),
    List(commands::record::ListArgs),
    Verify(commands::check::VerifyArgs),
    Check(commands::fsck::CheckArgs),
    Diff(commands::check::DiffArgs),
    Key(commands::audit::KeyArgs),
    Checkpoint(commands::audit::CheckpointArgs),
    Prove(commands::audit::ProveArgs),
    Consistency(commands::audit::ConsistencyArgs),
    Export(commands::files::ExportArgs),
    Import(commands::files::ImportArgs),
    Games(commands::games::GamesArgs),
    Playout(commands::demo::PlayoutArgs),
    Demo(commands::demo::DemoArgs),
    Perft(commands::perft::PerftArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let wait = std::time::Duration::try_from_secs_f64(cli.wait.max(0.0)).unwrap_or(kifu_records::DEFAULT_WAIT);
    let mut store = store_path::Lazy::new(cli.store, wait);
    let result = match cli.command {
        Command::New(args) => commands::record::new(&store, args),
        Command::Play(args) => commands::record::play(&store, args),
        Command::Correct(args) => commands::record::correct(&store, args),
        Command::Legal(args) => commands::record::legal(&store, args),
        Command::Show(args) => commands::record::show(&store, args),
        Command::Log(args) => commands::record::log(&store, args),
        Command::List(args) => commands::record::list(&store, args),
        Command::Verify(args) => commands::check::verify(&store, args),
        Command::Check(args) => commands::fsck::check(&store, args),
        Command::Diff(args) => commands::check::diff(&store, args),
        Command::Key(args) => commands::audit::key(&store, args),
        Command::Checkpoint(args) => commands::audit::checkpoint(&store, args),
        Command::Prove(args) => commands::audit::prove(&store, args),
        Command::Consistency(args) => commands::audit::consistency(&store, args),
        Command::Export(args) => commands::files::export(&store, args),
        Command::Import(args) => commands::files::import(&mut store, args),
        Command::Games(args) => commands::games::games(args),
        Command::Playout(args) => commands::demo::playout(&store, args),
        Command::Demo(args) => commands::demo::demo(&store, args),
        Command::Perft(args) => commands::perft::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => err.report(),
    }
}
