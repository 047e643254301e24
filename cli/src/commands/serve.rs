//! `kifu serve`: the record service over this store (kifu-service). The binary hands it the
//! store, the address and the clock; everything HTTP lives in the service crate.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use kifu_service::{Clock, Config, Server};

use super::ok;
use crate::exit::{CliError, CliResult};
use crate::store_path::Lazy;

/// Serve the store over HTTP: the API, the pages, the transparency log
///
/// The API under /v1 (described at /v1/openapi.json), the browser pages at /, and the
/// transparency log read-only under /log in the C2SP tlog-tiles layout, until SIGINT or
/// SIGTERM. Prints `listening on http://ADDR` first; logs one line per request on stderr.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu serve --store ~/club.redb             # http://127.0.0.1:8080/
  kifu serve --listen 127.0.0.1:0            # a free port: the first line says which
  kifu serve --exclusive                     # one fsync a commit; nothing else opens the file
  kifu --server http://127.0.0.1:8080 list   # the CLI as its client")]
pub struct ServeArgs {
    /// The address to listen on; port 0 picks a free port. Loopback by default: put a TLS
    /// reverse proxy in front to serve other machines
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The transparency log's signing key file, made if missing (it signs the checkpoints
    /// served at /log/checkpoint and in proof bundles) [default: the store's path with
    /// .tlog-key added]
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
    /// Hold the store file alone while serving: a durable commit takes one fsync instead of
    /// two, but no other kifu process can open the file, not even to read (use `kifu --server
    /// URL ...` instead). No effect on a PostgreSQL store
    #[arg(long)]
    pub exclusive: bool,
}

pub fn serve(store: &Lazy, args: ServeArgs) -> CliResult {
    let store = store.open_owned(args.exclusive)?;
    let clock = Clock {
        now: crate::clock::now,
        precise: crate::clock::now_precise,
    };
    let key = store
        .log_key(args.key_file.as_deref(), true)
        .map_err(super::audit::log_error)?;
    let mut config = Config::new(clock);
    config.log_key = Some(Arc::new(key));
    let server = Server::bind(store, args.listen, config)
        .map_err(|e| CliError::input(format!("cannot listen on {}: {e}", args.listen)))?;
    let addr = server
        .local_addr()
        .map_err(|e| CliError::input(format!("cannot listen on {}: {e}", args.listen)))?;
    out!("listening on http://{addr}");
    let _ = std::io::stdout().flush();
    if !addr.ip().is_loopback() {
        eprintln!(
            "kifu serve: {addr} is not a loopback address: anyone who reaches it can create and read records, and tokens travel in clear text without a TLS proxy in front"
        );
    }
    server
        .run()
        .map_err(|e| CliError::input(format!("serving on {addr}: {e}")))?;
    ok()
}
