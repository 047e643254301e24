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

mod backend;
mod clock;
mod commands;
mod exit;
mod input;
mod names;
mod store_path;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The first lines of `kifu --help`'s examples: a session from the first record to a file.
const EXAMPLES: &str = "Examples:
  kifu new senet -p Ani -p Hunefer           # prints the new record's id
  kifu play 6d1f 3 1-4                       # the sticks showed 3; p1 moves 1-4 (any 4+ digits of the id)
  kifu show 6d1f --svg -o board.svg          # the board as a picture
  kifu export 6d1f -o game.kifu && kifu verify game.kifu

Every command's --help has examples of its own. Exit codes: 0 success; 1 a command refused, a
record that fails verification, or records that differ; 2 bad usage or unreadable input;
3 the store was busy.";

/// kifu records games as append-only, hash-chained logs checked by each game's rules.
#[derive(Parser)]
#[command(name = "kifu", version, about, long_about = None, after_help = EXAMPLES)]
struct Cli {
    /// The store: a redb file's path, or a PostgreSQL database's postgres://USER@HOST:PORT/DB
    /// [default: $KIFU_STORE, else kifu/store.redb in the user's data folder]
    #[arg(
        long,
        global = true,
        value_name = "PATH|URL",
        env = "KIFU_STORE",
        hide_env_values = true,
        help_heading = GLOBAL
    )]
    store: Option<PathBuf>,

    /// For a store on PostgreSQL: the file of the key that seals seeds, made if missing and
    /// never kept in the database; every server of one store needs the same file (a redb
    /// store keeps its key beside the file, STORE.key)
    #[arg(
        long,
        global = true,
        value_name = "PATH",
        env = "KIFU_SEED_KEY",
        hide_env_values = true,
        help_heading = GLOBAL
    )]
    seed_key: Option<PathBuf>,

    /// How long to wait for another kifu process that is writing to the store before giving
    /// up with "store busy" (exit 3)
    #[arg(
        long,
        global = true,
        value_name = "SECONDS",
        env = "KIFU_WAIT",
        hide_env_values = true,
        default_value_t = 10.0,
        help_heading = GLOBAL
    )]
    wait: f64,

    /// Talk to a kifu server (`kifu serve`) at this address instead of opening a store file:
    /// new, play, correct, legal, show, log, list, export and import work as on a store
    #[arg(
        long,
        global = true,
        value_name = "URL",
        env = "KIFU_SERVER",
        hide_env_values = true,
        help_heading = GLOBAL
    )]
    server: Option<String>,

    /// A record's token (from `new` on a server): a seat's enters and sees that seat's part, the
    /// arbiter's everything. On a store file it is checked against the record's tokens likewise
    #[arg(
        long,
        global = true,
        value_name = "TOKEN",
        env = "KIFU_TOKEN",
        hide_env_values = true,
        help_heading = GLOBAL
    )]
    token: Option<String>,

    #[command(subcommand)]
    command: Command,
}

/// The heading of the options every command takes.
const GLOBAL: &str = "Store and server";

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
    Compact(commands::compact::CompactArgs),
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
    Serve(commands::serve::ServeArgs),
    Token(commands::token::TokenArgs),
    Completions(commands::shell::CompletionsArgs),
    Man(commands::shell::ManArgs),
    Migrate(commands::migrate::MigrateArgs),
}

/// The commands that use no store and no server: the global options are hidden from their help.
const STORELESS: &[&str] = &["games", "perft", "completions", "man"];

/// The whole command line as clap knows it, the global options hidden where they mean nothing.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut command = Cli::command();
    command.build();
    for name in STORELESS {
        // In place: the command is built, and its arguments keep their order.
        command = command.mut_subcommand(name, |sub| {
            sub.mut_args(|arg| {
                let global = ["store", "seed_key", "wait", "server", "token"].contains(&arg.get_id().as_str());
                arg.hide(global)
            })
        });
    }
    command
}

/// mimalloc rather than the system's malloc: an import's threads allocate and free small
/// buffers all the time, and glibc spent about a sixth of an import's CPU on them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match command()
        .try_get_matches()
        .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let wait = std::time::Duration::try_from_secs_f64(cli.wait.max(0.0)).unwrap_or(kifu_records::DEFAULT_WAIT);
    let server = match &cli.server {
        Some(url) => match backend::Remote::new(url, cli.token.clone()) {
            Ok(remote) => Some(remote),
            Err(err) => return err.report(),
        },
        None => None,
    };
    let mut store = store_path::Lazy::new(cli.store, wait, cli.seed_key).serverside(cli.server);
    let token = cli.token.as_deref();
    // The record commands, over the store file or the server.
    macro_rules! on {
        ($run:path, $args:expr) => {{
            match &server {
                Some(remote) => $run(&mut remote.clone(), $args),
                None => $run(&mut backend::Local::new(&mut store, token), $args),
            }
        }};
    }
    let result = match cli.command {
        Command::New(args) => on!(commands::record::new, args),
        Command::Play(args) => on!(commands::record::play, args),
        Command::Correct(args) => on!(commands::record::correct, args),
        Command::Legal(args) => on!(commands::record::legal, args),
        Command::Show(args) => on!(commands::record::show, args),
        Command::Log(args) => on!(commands::record::log, args),
        Command::List(args) => on!(commands::record::list, args),
        Command::Export(args) => on!(commands::files::export, args),
        Command::Import(args) => on!(commands::files::import, args),
        Command::Verify(args) => commands::check::verify(&store, args),
        Command::Check(args) => commands::fsck::check(&store, args),
        Command::Compact(args) => commands::compact::compact(&mut store, args),
        Command::Diff(args) => commands::check::diff(&store, args),
        Command::Key(args) => commands::audit::key(&store, args),
        Command::Checkpoint(args) => commands::audit::checkpoint(&store, args),
        Command::Prove(args) => commands::audit::prove(&store, args),
        Command::Consistency(args) => commands::audit::consistency(&store, args),
        Command::Games(args) => commands::games::games(args),
        Command::Migrate(args) => commands::migrate::migrate(&store, args),
        Command::Playout(args) => commands::demo::playout(&store, args),
        Command::Demo(args) => commands::demo::demo(&store, args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Serve(args) => commands::serve::serve(&store, args),
        Command::Token(args) => commands::token::token(&store, args),
        Command::Completions(args) => commands::shell::completions(args),
        Command::Man(args) => commands::shell::man(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => err.report(),
    }
}
